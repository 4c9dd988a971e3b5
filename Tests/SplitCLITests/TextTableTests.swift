import Testing
@testable import SplitCLI
import SplitReport

@Suite("Text tables")
struct TextTableTests {
    @Test func wideCharactersCountAsTwoColumns() {
        #expect(DisplayWidth.of("田中") == 4)
        #expect(DisplayWidth.of("Zoë") == 3)
        #expect(DisplayWidth.of("Zoe\u{0308}") == 3)
        #expect(DisplayWidth.of("김민준") == 6)
    }

    @Test func columnsLineUpWithCJKNames() {
        var table = TextTable(["MEMBER", "NET"], rightAligned: [1])
        table.add(["田中", "-40.00"])
        table.add(["Bob", "+40.00"])
        let lines = table.render().split(separator: "\n").map(String.init)
        #expect(lines == ["  MEMBER     NET", "  田中    -40.00", "  Bob     +40.00"])
        #expect(Set(lines.map(DisplayWidth.of)).count == 1)
    }
}
