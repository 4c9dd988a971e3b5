/// Ways to build ``JSONValue``s in code without spelling out every case.
///
/// ```swift
/// let body: JSONValue = .object([
///     "description": "Dinner",
///     "amount": .number("42.50"),
///     "members": [.int(1), .int(2)],
///     "note": .string(orNull: note),
/// ])
/// ```
extension JSONValue {
    /// An object with members in the order written. Keys must be unique, as the parser requires
    /// of any JSON it reads; a duplicate is a programming error and trips an assertion in debug builds.
    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        assert(Set(pairs.map(\.key)).count == pairs.count, "duplicate key in JSONValue.object")
        return .object(pairs.map { JSONMember($0.key, $0.value) })
    }

    /// A number from an integer; the decimal text is exact for any width, e.g. `Int64` minor units.
    public static func int(_ value: some BinaryInteger) -> JSONValue {
        .number(String(value))
    }

    /// `.string(text)`, or `.null` when `text` is `nil`, for optional fields.
    public static func string(orNull text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// A number from text if it is a valid JSON number such as `"10.01"`, else `nil`.
    ///
    /// `.number(_:)` trusts its text; this checks it first, so text from elsewhere cannot make
    /// the writer emit invalid JSON.
    public static func number(validating text: String) -> JSONValue? {
        guard let value = try? JSONParser.parse(text), case .number(let parsed) = value, parsed == text else {
            return nil
        }
        return value
    }
}
