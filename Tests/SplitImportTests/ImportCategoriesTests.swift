import SplitCore
@testable import SplitImport
import Testing

/// Other apps' category names, kept as the trip's own where split can hold them.
@Suite("import: other apps' categories")
struct ImportCategoriesTests {
    @Test("a name is kept (one of the six in any case as itself); no category and unholdable names are Other")
    func names() {
        var warnings = ImportWarnings()
        #expect(ImportCategories.category("Rent", warnings: &warnings).rawValue == "Rent")
        #expect(ImportCategories.category(" rent ", warnings: &warnings).rawValue == "rent")
        #expect(ImportCategories.category("meal", warnings: &warnings) == .meal)
        #expect(ImportCategories.category("General", warnings: &warnings) == .other)
        #expect(ImportCategories.category("Uncategorized", warnings: &warnings) == .other)
        #expect(ImportCategories.category(nil, warnings: &warnings) == .other)
        #expect(ImportCategories.category("Bad\u{7}Name", warnings: &warnings) == .other)
        #expect(ImportCategories.category(String(repeating: "x", count: NameRules.maxLength + 1), warnings: &warnings) == .other)
        #expect(warnings.all.first == "categories kept as the trip's own: 'Rent' (2)")
        #expect(warnings.all.contains("unknown category 'Bad\\u{7}Name' on 1 expense mapped to Other"))
        #expect(warnings.all.count == 3)
    }
}
