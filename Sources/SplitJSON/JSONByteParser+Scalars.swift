/// Numbers and the literals `true`, `false` and `null`.
extension JSONByteParser {
    /// Validates `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?` and keeps the literal text, never a `Double`.
    mutating func parseNumber() throws(JSONError) -> JSONValue {
        let start = index
        if bytes[index] == JSONByte.minus {
            index += 1
            guard index < bytes.count, JSONByte.isDigit(bytes[index]) else {
                if word(at: index) == "Infinity" { throw notANumber("-Infinity", at: start) }
                throw error("expected a digit after '-' in number", at: index)
            }
        }
        if bytes[index] == JSONByte.zero {
            index += 1
            if index < bytes.count, JSONByte.isDigit(bytes[index]) {
                throw error("leading zeros are not allowed in numbers; write 0 alone or drop the zeros", at: start)
            }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == JSONByte.period {
            index += 1
            guard index < bytes.count, JSONByte.isDigit(bytes[index]) else {
                throw error("expected a digit after the decimal point in number", at: index)
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == JSONByte.lowerE || bytes[index] == JSONByte.upperE {
            index += 1
            if index < bytes.count, bytes[index] == JSONByte.plus || bytes[index] == JSONByte.minus { index += 1 }
            guard index < bytes.count, JSONByte.isDigit(bytes[index]) else {
                throw error("expected a digit in the exponent of number", at: index)
            }
            skipDigits()
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    @inline(__always)
    private mutating func skipDigits() {
        while index < bytes.count, JSONByte.isDigit(bytes[index]) { index += 1 }
    }

    /// Reads `true`, `false` or `null`; anything else that cannot start a value is explained.
    mutating func parseLiteral() throws(JSONError) -> JSONValue {
        switch bytes[index] {
        case JSONByte.lowerT where matches("true"):
            index += 4
            return .bool(true)
        case JSONByte.lowerF where matches("false"):
            index += 5
            return .bool(false)
        case JSONByte.lowerN where matches("null"):
            index += 4
            return .null
        case JSONByte.plus:
            throw error("numbers cannot start with '+'; remove it", at: index)
        case JSONByte.apostrophe:
            throw error("strings must be in double quotes, not single quotes", at: index)
        case JSONByte.period:
            throw error("numbers need a digit before the decimal point; write 0.5, not .5", at: index)
        default:
            break
        }
        let word = word(at: index)
        if word == "NaN" || word == "Infinity" { throw notANumber(word, at: index) }
        if !word.isEmpty {
            throw error("invalid literal '\(word)'; expected true, false, null, a number, a string, an array or an object", at: index)
        }
        throw error("unexpected \(describeByte(at: index)); expected a JSON value", at: index)
    }

    private func notANumber(_ word: String, at offset: Int) -> JSONError {
        error("'\(word)' is not valid JSON; JSON has no NaN or Infinity, use a number or null", at: offset)
    }

    /// Whether `literal` is at the cursor as a whole word (so `trueish` is not `true`).
    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let expected = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            return false
        }
        return index + count == bytes.count || !JSONByte.isWordByte(bytes[index + count])
    }

    /// The run of ASCII letters, digits and `_` at `offset`, capped for display in messages.
    func word(at offset: Int) -> String {
        var end = offset
        while end < bytes.count, end - offset < 32, JSONByte.isWordByte(bytes[end]) { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }
}
