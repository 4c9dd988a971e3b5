/// RFC 4180 CSV: fields with a comma, quote, CR or LF are quoted, quotes doubled; CRLF line
/// ends, which every spreadsheet reads. A field starting with `=`, `+`, `-` or `@` is prefixed
/// with a single quote so a spreadsheet does not run it as a formula.
struct CSVWriter {
    private(set) var text = ""

    mutating func row(_ fields: [String]) {
        text += fields.map(Self.field).joined(separator: ",") + "\r\n"
    }

    static func field(_ raw: String) -> String {
        var value = raw
        if let first = value.first, "=+-@".contains(first), Double(value) == nil { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
