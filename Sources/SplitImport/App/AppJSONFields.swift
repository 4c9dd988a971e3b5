import SplitCore
import SplitJSON

/// Typed reads of one JSON object of the app's data, each error naming the field's path.
struct AppJSONFields {
    let value: JSONValue
    let location: String

    init(_ value: JSONValue, at location: String) {
        self.value = value
        self.location = location
    }

    private func present(_ key: String) -> JSONValue? {
        guard let field = value[key], !field.isNull else { return nil }
        return field
    }

    func string(_ key: String) throws(ImportError) -> String {
        guard value.objectValue != nil else { throw ImportError(location, "must be an object, got \(value.typeName)") }
        guard let field = present(key) else { throw ImportError("\(location).\(key)", "is missing") }
        guard let text = field.stringValue else { throw ImportError("\(location).\(key)", "must be a string, got \(field.typeName)") }
        return text
    }

    func optionalString(_ key: String) throws(ImportError) -> String? {
        guard let field = present(key) else { return nil }
        guard let text = field.stringValue else { throw ImportError("\(location).\(key)", "must be a string, got \(field.typeName)") }
        return text
    }

    func number(_ key: String) throws(ImportError) -> Double {
        guard let field = present(key) else { throw ImportError("\(location).\(key)", "is missing") }
        return try Self.double(field, at: "\(location).\(key)")
    }

    func optionalNumber(_ key: String) throws(ImportError) -> Double? {
        guard let field = present(key) else { return nil }
        return try Self.double(field, at: "\(location).\(key)")
    }

    func optionalStrings(_ key: String) throws(ImportError) -> [String]? {
        guard let field = present(key) else { return nil }
        return try Self.strings(field, at: "\(location).\(key)")
    }

    /// An array of ids, such as `member_ids` or `paymentForExpenseIds`.
    static func strings(_ field: JSONValue, at location: String) throws(ImportError) -> [String] {
        guard let items = field.arrayValue else { throw ImportError(location, "must be an array of ids, got \(field.typeName)") }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue else { throw ImportError("\(location)[\(index)]", "must be a string, got \(item.typeName)") }
            result.append(text)
        }
        return result
    }

    /// Seconds since 2001-01-01, as Swift's `Date` encodes by default.
    func referenceDate(_ key: String) throws(ImportError) -> CivilDate {
        try ImportValues.appReferenceDate(try number(key), at: "\(location).\(key)")
    }

    static func double(_ field: JSONValue, at location: String) throws(ImportError) -> Double {
        guard let text = field.numberText else { throw ImportError(location, "must be a number, got \(field.typeName)") }
        guard let number = Double(text), number.isFinite else { throw ImportError(location, "\(text) is out of range") }
        return number
    }
}
