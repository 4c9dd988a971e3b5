/// Literal syntax for ``JSONValue``, so tests and request bodies read like the JSON they stand for:
/// `let tags: JSONValue = ["food", true, nil, 3]`.
///
/// There is deliberately no float literal: `10.01` as a `Double` is already inexact. Write
/// `.number("10.01")` instead.
extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

/// So `"exp-\(id)"` builds a string value directly, without wrapping it in `.string(...)`.
extension JSONValue: ExpressibleByStringInterpolation {
    public init(stringInterpolation: DefaultStringInterpolation) {
        self = .string(String(stringInterpolation: stringInterpolation))
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) {
        self = .number(String(value))
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) {
        self = .null
    }
}
