@testable import SplitImport
import Testing

@Suite("CSV reading")
struct CSVReaderTests {
    @Test("quotes, doubled quotes, commas and line breaks inside fields, CRLF and LF, a BOM")
    func quoting() throws {
        let text = "\u{FEFF}a,\"b, c\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",,x\nlast,\"\",end"
        let records = try CSVReader.records(Array(text.utf8))
        #expect(records.map(\.fields) == [["a", "b, c", "say \"hi\""], ["two\nlines", "", "x"], ["last", "", "end"]])
        #expect(records.map(\.line) == [1, 2, 4])
    }

    @Test("an unclosed quote and text after a closing quote are errors with the line")
    func errors() {
        #expect(throws: ImportError("line 2", "a quoted field is never closed")) {
            try CSVReader.records(Array("a,b\n\"open,c\n".utf8))
        }
        #expect(throws: ImportError("line 1", "unexpected text after a closing quote")) {
            try CSVReader.records(Array("\"a\"b,c\n".utf8))
        }
    }
}
