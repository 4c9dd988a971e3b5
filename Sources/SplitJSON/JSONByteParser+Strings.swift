/// String literals: escapes, surrogate pairs, control characters and UTF-8 validation.
extension JSONByteParser {
    /// Parses a string whose opening quote is at the cursor; the cursor ends after the closing quote.
    ///
    /// The common case, a run without escapes, becomes one `String` made straight from the input
    /// bytes; only strings with escapes are assembled in the reused `scratch` buffer.
    mutating func parseString() throws(JSONError) -> String {
        let open = index
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == JSONByte.quote {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == JSONByte.backslash { break }
            try advanceOverStringByte(byte)
        }
        guard index < bytes.count else { throw unterminatedString(at: open) }

        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == JSONByte.quote {
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == JSONByte.backslash {
                try appendEscape(stringStart: open)
                continue
            }
            let runStart = index
            try advanceOverStringByte(byte)
            while index < bytes.count, bytes[index] != JSONByte.quote, bytes[index] != JSONByte.backslash {
                try advanceOverStringByte(bytes[index])
            }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        }
        throw unterminatedString(at: open)
    }

    /// Steps over one plain (unescaped) character, refusing control characters and bad UTF-8.
    @inline(__always)
    private mutating func advanceOverStringByte(_ byte: UInt8) throws(JSONError) {
        if byte < 0x80 {
            guard byte >= 0x20 else { throw controlCharacter(byte) }
            index += 1
        } else {
            guard let length = utf8SequenceLength(at: index) else {
                throw error(
                    "invalid UTF-8 sequence starting with byte \(hexByte(byte)) in string; the text must be UTF-8 encoded",
                    at: index)
            }
            index += length
        }
    }

    private func controlCharacter(_ byte: UInt8) -> JSONError {
        let code = hexCode(byte)
        let escape = switch byte {
        case JSONByte.lineFeed: "\\n"
        case JSONByte.carriageReturn: "\\r"
        case JSONByte.tab: "\\t"
        case JSONByte.backspace: "\\b"
        case JSONByte.formFeed: "\\f"
        default: "\\u" + code
        }
        return error("control character U+\(code) in string must be escaped as \(escape)", at: index)
    }

    private func unterminatedString(at open: Int) -> JSONError {
        error("unterminated string; the closing '\"' is missing", at: open)
    }

    /// Decodes the escape at the cursor (a backslash) into `scratch`.
    private mutating func appendEscape(stringStart: Int) throws(JSONError) {
        let escapeStart = index
        guard index + 1 < bytes.count else { throw unterminatedString(at: stringStart) }
        let code = bytes[index + 1]
        let simple: UInt8? = switch code {
        case JSONByte.quote, JSONByte.backslash, JSONByte.slash: code
        case JSONByte.lowerB: JSONByte.backspace
        case JSONByte.lowerF: JSONByte.formFeed
        case JSONByte.lowerN: JSONByte.lineFeed
        case JSONByte.lowerR: JSONByte.carriageReturn
        case JSONByte.lowerT: JSONByte.tab
        default: nil
        }
        if let simple {
            scratch.append(simple)
            index += 2
            return
        }
        guard code == JSONByte.lowerU else {
            let shown = code >= 0x21 && code < 0x7F ? "'\\\(Character(Unicode.Scalar(code)))'" : "'\\' followed by \(describeByte(at: index + 1))"
            throw error(
                "invalid escape \(shown) in string; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX",
                at: escapeStart)
        }
        let unit = try hexQuad(at: index + 2, escapeStart: escapeStart)
        index += 6
        var scalar = unit
        switch unit {
        case 0xD800...0xDBFF:
            guard index + 1 < bytes.count, bytes[index] == JSONByte.backslash, bytes[index + 1] == JSONByte.lowerU,
                  case let low = try hexQuad(at: index + 2, escapeStart: index), (0xDC00...0xDFFF).contains(low)
            else {
                throw error(
                    "lone surrogate \\u\(hexUnit(unit)) in string; a high surrogate must be followed by a low surrogate \\uDC00-\\uDFFF",
                    at: escapeStart)
            }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            index += 6
        case 0xDC00...0xDFFF:
            throw error(
                "lone surrogate \\u\(hexUnit(unit)) in string; a low surrogate must follow a high surrogate \\uD800-\\uDBFF",
                at: escapeStart)
        default:
            break
        }
        appendUTF8(scalar)
    }

    /// Reads the four hex digits of a `\u` escape.
    private func hexQuad(at offset: Int, escapeStart: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for position in offset..<(offset + 4) {
            guard position < bytes.count, let digit = JSONByte.hexValue(bytes[position]) else {
                throw error("invalid \\u escape in string; expected 4 hex digits, as in \\u00E9", at: escapeStart)
            }
            value = value << 4 | digit
        }
        return value
    }

    private func hexUnit(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The length of the well-formed UTF-8 sequence at `offset`, or `nil` if it is malformed.
    ///
    /// Follows the Unicode table of well-formed sequences, so overlong forms, encoded surrogates
    /// and code points past U+10FFFF are all refused.
    func utf8SequenceLength(at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: return nil
        }
        guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else { return nil }
        for position in (offset + 2)..<(offset + length) where bytes[position] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
