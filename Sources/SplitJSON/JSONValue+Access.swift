/// Typed reads of a ``JSONValue``: each returns `nil` when the value is of another kind, so
/// callers can validate a field and report ``typeName`` when it is wrong.
extension JSONValue {
    /// The value of `key` in an object, or `nil` if the key is absent or this is not an object.
    ///
    /// A linear scan: objects from the parser have unique keys and, in this app, a handful of
    /// members, where a scan beats building a dictionary.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == key {
            return member.value
        }
        return nil
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The number's exact literal text, e.g. `"10.01"` or `"1e309"`; hand it to an exact parser.
    public var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members in document order.
    public var objectValue: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// The JSON name of this value's kind, for messages such as
    /// `field 'amount' must be a number or string, got object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
