/// A JSON document that keeps numbers as their exact literal text and objects in key order.
///
/// Foundation's JSON types turn numbers into `Double`, which would lose money amounts such as
/// `10.01`; here a number stays the string `"10.01"` until money parsing reads it exactly.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number's literal text, validated as RFC 8259 number syntax.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order. Duplicate keys are refused by the parser.
    case object([JSONMember])
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Hashable, Sendable {
    public let key: String
    public let value: JSONValue
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
