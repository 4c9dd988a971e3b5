import SplitCore
import SplitJSON

/// Checked reads of one JSON object from the server, each naming the field when it is missing
/// or of the wrong type (`expense.amount must be a number, got string`).
struct WireObject {
    let value: JSONValue
    /// What the object is, for messages: `group`, `expense`, `expense.splits[2]`.
    let what: String

    init(_ value: JSONValue?, _ what: String) throws(WireError) {
        guard let value, value.objectValue != nil else {
            throw WireError("\(what) must be an object, got \(value?.typeName ?? "nothing")")
        }
        self.value = value
        self.what = what
    }

    func field(_ key: String) -> JSONValue? {
        guard let found = value[key], !found.isNull else { return nil }
        return found
    }

    func string(_ key: String) throws(WireError) -> String {
        guard let found = field(key) else { throw WireError("\(what).\(key) is missing") }
        guard let text = found.stringValue else { throw WireError("\(what).\(key) must be a string, got \(found.typeName)") }
        return text
    }

    func optionalString(_ key: String) throws(WireError) -> String? {
        guard field(key) != nil else { return nil }
        return try string(key)
    }

    func bool(_ key: String) throws(WireError) -> Bool {
        guard let found = field(key) else { throw WireError("\(what).\(key) is missing") }
        guard let flag = found.boolValue else { throw WireError("\(what).\(key) must be true or false, got \(found.typeName)") }
        return flag
    }

    func array(_ key: String) throws(WireError) -> [JSONValue] {
        guard let found = field(key) else { throw WireError("\(what).\(key) is missing") }
        guard let list = found.arrayValue else { throw WireError("\(what).\(key) must be an array, got \(found.typeName)") }
        return list
    }

    func object(_ key: String) throws(WireError) -> WireObject {
        try WireObject(field(key), "\(what).\(key)")
    }

    /// An amount in minor units of `currency`, read exactly from the number's text.
    func amount(_ key: String, _ currency: Currency, allowingZero: Bool = false) throws(WireError) -> Int64 {
        try WireMoney.minorUnits(field(key), currency: currency, field: "\(what).\(key)", allowingZero: allowingZero)
    }

    /// The elements of array `key` as objects named `what.key[i]`.
    func objects(_ key: String) throws(WireError) -> [WireObject] {
        var result: [WireObject] = []
        for (index, element) in try array(key).enumerated() {
            result.append(try WireObject(element, "\(what).\(key)[\(index)]"))
        }
        return result
    }
}
