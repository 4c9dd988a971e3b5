/// RFC 4180 CSV: comma-separated fields, double quotes around fields holding commas, quotes or
/// line breaks, `""` for a quote inside them, and LF or CRLF between records.
///
/// Each record keeps the line it starts on, so errors can point at the spot in the file.
struct CSVReader {
    struct Record {
        var line: Int
        var fields: [String]
    }

    static func records(_ bytes: [UInt8]) throws(ImportError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var quoted = false
        var fieldStarted = false

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }

        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 2
                        continue
                    }
                    quoted = false
                    index += 1
                    // After a closing quote only a separator or the end of the record may follow.
                    if index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index]) {
                        throw ImportError("line \(line)", "unexpected text after a closing quote")
                    }
                    continue
                }
                if byte == UInt8(ascii: "\n") { line += 1 }
                field.append(byte)
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard !fieldStarted && field.isEmpty else { throw ImportError("line \(line)", "a quote in the middle of an unquoted field") }
                quoted = true
                fieldStarted = true
            case UInt8(ascii: ","):
                endField()
            case UInt8(ascii: "\r"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            case UInt8(ascii: "\n"):
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(byte)
                fieldStarted = true
            }
            index += 1
        }
        if quoted { throw ImportError("line \(recordLine)", "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || fieldStarted { endRecord() }
        return records
    }
}
