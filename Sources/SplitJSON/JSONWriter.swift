/// Writes ``JSONValue``s as UTF-8 JSON text, compact or pretty.
///
/// Output is appended to one caller-owned byte buffer, so exporting 100,000 records as JSONL grows
/// a single array instead of building and concatenating a `String` per value. Numbers are written
/// verbatim from their text (exact money amounts stay exact); strings escape only what JSON
/// requires (`"`, `\` and control characters), leaving `/` and non-ASCII text as they are.
///
/// ```swift
/// var out: [UInt8] = []
/// for record in records {
///     JSONWriter.write(record, to: &out)   // compact, no trailing newline
///     out.append(0x0A)                     // one value per line
/// }
/// ```
public enum JSONWriter {
    /// Appends `value` to `buffer`. Compact output has no spaces; pretty output indents by two
    /// spaces, writes `"key": value`, and keeps empty containers as `[]` and `{}`.
    /// Neither form ends with a newline. `indent` is the nesting depth the value starts at, for
    /// a caller that streams a large document piece by piece.
    public static func write(_ value: JSONValue, to buffer: inout [UInt8], pretty: Bool = false, indent: Int = 0) {
        if pretty {
            writePretty(value, indent: indent, to: &buffer)
        } else {
            writeCompact(value, to: &buffer)
        }
    }

    private static func writeCompact(_ value: JSONValue, to buffer: inout [UInt8]) {
        switch value {
        case .array(let elements):
            buffer.append(JSONByte.openBracket)
            for (position, element) in elements.enumerated() {
                if position > 0 { buffer.append(JSONByte.comma) }
                writeCompact(element, to: &buffer)
            }
            buffer.append(JSONByte.closeBracket)
        case .object(let members):
            buffer.append(JSONByte.openBrace)
            for (position, member) in members.enumerated() {
                if position > 0 { buffer.append(JSONByte.comma) }
                writeString(member.key, to: &buffer)
                buffer.append(JSONByte.colon)
                writeCompact(member.value, to: &buffer)
            }
            buffer.append(JSONByte.closeBrace)
        default:
            writeScalar(value, to: &buffer)
        }
    }

    private static func writePretty(_ value: JSONValue, indent: Int, to buffer: inout [UInt8]) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            buffer.append(JSONByte.openBracket)
            for (position, element) in elements.enumerated() {
                if position > 0 { buffer.append(JSONByte.comma) }
                newline(indent: indent + 1, to: &buffer)
                writePretty(element, indent: indent + 1, to: &buffer)
            }
            newline(indent: indent, to: &buffer)
            buffer.append(JSONByte.closeBracket)
        case .object(let members) where !members.isEmpty:
            buffer.append(JSONByte.openBrace)
            for (position, member) in members.enumerated() {
                if position > 0 { buffer.append(JSONByte.comma) }
                newline(indent: indent + 1, to: &buffer)
                writeString(member.key, to: &buffer)
                buffer.append(JSONByte.colon)
                buffer.append(JSONByte.space)
                writePretty(member.value, indent: indent + 1, to: &buffer)
            }
            newline(indent: indent, to: &buffer)
            buffer.append(JSONByte.closeBrace)
        default:
            writeCompact(value, to: &buffer)
        }
    }

    /// A line break and the indentation of depth `indent`, as pretty output places them.
    public static func newline(indent: Int, to buffer: inout [UInt8]) {
        buffer.append(JSONByte.lineFeed)
        buffer.append(contentsOf: repeatElement(JSONByte.space, count: 2 * indent))
    }

    private static func writeScalar(_ value: JSONValue, to buffer: inout [UInt8]) {
        switch value {
        case .null: buffer.append(contentsOf: "null".utf8)
        case .bool(let flag): buffer.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .number(let text): buffer.append(contentsOf: text.utf8)
        case .string(let text): writeString(text, to: &buffer)
        case .array, .object: writeCompact(value, to: &buffer)
        }
    }

    /// Writes a quoted string, copying unescaped runs in one go.
    static func writeString(_ text: String, to buffer: inout [UInt8]) {
        buffer.append(JSONByte.quote)
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for position in 0..<utf8.count {
                let byte = utf8[position]
                guard byte < 0x20 || byte == JSONByte.quote || byte == JSONByte.backslash else { continue }
                if runStart < position {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
                }
                appendEscape(for: byte, to: &buffer)
                runStart = position + 1
            }
            if runStart < utf8.count {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            }
        }
        buffer.append(JSONByte.quote)
    }

    /// The shortest escape for a byte JSON requires escaping: `\n` style where one exists, else `\u00XX`.
    private static func appendEscape(for byte: UInt8, to buffer: inout [UInt8]) {
        let short: UInt8? = switch byte {
        case JSONByte.quote, JSONByte.backslash: byte
        case JSONByte.lineFeed: JSONByte.lowerN
        case JSONByte.carriageReturn: JSONByte.lowerR
        case JSONByte.tab: JSONByte.lowerT
        case JSONByte.backspace: JSONByte.lowerB
        case JSONByte.formFeed: JSONByte.lowerF
        default: nil
        }
        buffer.append(JSONByte.backslash)
        if let short {
            buffer.append(short)
            return
        }
        // Only bytes below 0x20 get here, so the high nibble is 0 or 1.
        let low = byte & 0x0F
        buffer.append(contentsOf: "u00".utf8)
        buffer.append(JSONByte.zero + (byte >> 4))
        buffer.append(low < 10 ? JSONByte.zero + low : 0x61 + low - 10)
    }
}
