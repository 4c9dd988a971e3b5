import SplitImport
import Testing

@Suite("import format detection")
struct ImportFormatTests {
    @Test("each format is recognised from its first bytes; anything else is not")
    func detects() {
        #expect(ImportFormat.detect(Array("SQLite format 3\u{0}rest".utf8)) == .iosDatabase)
        #expect(ImportFormat.detect(Array(#"{"format":"split-export","version":1}"#.utf8)) == .splitJSON)
        #expect(ImportFormat.detect(Array(#"  {"BudgetSplitter_members":[]}"#.utf8)) == .legacyJSON)
        #expect(ImportFormat.detect(Array("Date,Description,Category,Cost,Currency,Alex\n".utf8)) == .splitwiseCSV)
        #expect(ImportFormat.detect(Array("hello".utf8)) == nil)
        #expect(ImportFormat.detect(Array("{}".utf8)) == nil)
    }
}
