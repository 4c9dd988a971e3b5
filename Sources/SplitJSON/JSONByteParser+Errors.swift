/// Turning a byte offset into a ``JSONError`` a person can act on.
extension JSONByteParser {
    /// Builds an error at `offset`, computing line and column only now, so the happy path
    /// never counts lines.
    func error(_ message: String, at offset: Int) -> JSONError {
        var line = 1
        var lineStart = 0
        var position = 0
        while position < offset {
            if bytes[position] == JSONByte.lineFeed {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        return JSONError(message: message, line: line, column: offset - lineStart + 1)
    }

    /// Names the byte at `offset` for a message: `'x'`, `'é'`, `control character U+0001`, `byte 0xFF`.
    func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        switch byte {
        case JSONByte.apostrophe:
            return "\"'\""
        case 0x21..<0x7F:
            return "'\(Character(Unicode.Scalar(byte)))'"
        case ..<0x20, 0x7F:
            return "control character U+\(hexCode(byte))"
        case 0x20:
            return "' '"
        default:
            if let length = utf8SequenceLength(at: offset) {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
                return "'\(text)'"
            }
            return "byte \(hexByte(byte))"
        }
    }

    /// `000A`: the four-digit code of an ASCII byte, as in `U+000A` and `\u000A`.
    func hexCode(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return (hex.count == 1 ? "000" : "00") + hex
    }

    /// `0xFF`: how a raw byte appears in messages about invalid UTF-8.
    func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
