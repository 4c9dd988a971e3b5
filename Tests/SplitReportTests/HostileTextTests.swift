import PropertyBased
import SplitCore
import SplitJSON
import SplitReport
import Testing

/// Other clients' text (names, descriptions, the trip's name, held reasons) is data in every
/// format: never an element, an attribute, a way out of the JSON island, Markdown markup or
/// a terminal control. Checked as a property over generated strings.
@Suite("report: hostile text")
struct HostileTextTests {
    static let fragments = [
        "<img src=x onerror=alert(1)>", "</script>", "</SCRIPT >", "<script>alert(1)</script>", "]]>", "<!--", "-->",
        "\u{202E}", "\u{200F}", "\u{200E}", "\"", "'", "\" onmouseover=\"x", "' autofocus onfocus='x", "&amp;", "&lt;",
        "&", "{{title}}", "{{{data}}}", "`code`", "| a | b |", "[link](javascript:alert(1))", "*bold*", "_x_", "$5 and $6",
        "\u{0}", "\u{1B}[31m", "\n", "\r\n", "田中", "😀", "مرحبا", String(repeating: "x", count: 1000), " ", "Bea",
    ]

    /// A string of one to four fragments picked by `seed`.
    static func hostile(_ seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        return (0..<Int.random(in: 1...4, using: &random)).map { _ in fragments.randomElement(using: &random)! }.joined()
    }

    static func fixture(_ seed: UInt64) -> ReportFixture {
        var fixture = ReportFixture.tokyo
        fixture.tripName = hostile(seed)
        fixture.names = ["A " + hostile(seed &+ 1), "B " + hostile(seed &+ 2), "C " + hostile(seed &+ 3)]
        fixture.expenses[1].0 = hostile(seed &+ 4)
        fixture.bills[0] = ([(hostile(seed &+ 7), 5_000, [0]), ("Sake", 7_000, [])], 10)
        fixture.me = 1
        fixture.held = [HeldItem(kind: "expense", id: "7447f42e", description: hostile(seed &+ 5), reason: hostile(seed &+ 6))]
        return fixture
    }

    static let elements: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "svg", "defs", "pattern", "rect", "header", "h1", "bdi", "p", "main",
        "section", "h2", "h3", "table", "thead", "tbody", "tr", "th", "td", "figure", "desc", "line", "g", "text",
        "figcaption", "ol", "ul", "li", "script", "div", "span",
    ]
    static let attributes: Set<String> = [
        "lang", "charset", "http-equiv", "content", "name", "class", "width", "height", "aria-hidden", "focusable", "id",
        "patternunits", "patterntransform", "fill", "role", "viewbox", "aria-labelledby", "xmlns", "x1", "y1", "x2", "y2",
        "x", "y", "text-anchor", "type", "title", "aria-label", "preserveaspectratio", "data-label",
    ]

    @Test("html: no text becomes an element or attribute; the island parses back to the report's document")
    func html() async throws {
        await propertyCheck(count: 25, input: Gen.uint64()) { seed in
            let report = try Self.fixture(seed).report()
            let html = report.rendered(.html)
            let scan = HTMLScan(html)
            #expect(scan.elementNames.isSubset(of: Self.elements), "\(scan.elementNames.subtracting(Self.elements))")
            #expect(scan.attributeNames.isSubset(of: Self.attributes), "\(scan.attributeNames.subtracting(Self.attributes))")
            #expect(scan.tags.filter { $0.name == "script" && !$0.closing }.count == 1)
            let island = try #require(scan.scripts.first)
            #expect(try JSONParser.parse(Array(island.utf8)) == report.json)
            #expect(island == TripReport.dataIsland(report.jsonText))
            #expect(!island.contains("<") && !island.contains(">") && !island.contains("&"))
            for member in report.members {
                #expect(html.contains(Self.escaped(Expense.shown(member.name))), "the name is shown, escaped")
            }
        }
    }

    @Test("markdown: every markup character from the trip is backslash-escaped; table rows keep their columns")
    func markdown() async throws {
        await propertyCheck(count: 25, input: Gen.uint64()) { seed in
            let markdown = try Self.fixture(seed).report().rendered(.md, expenses: true)
            var columns: Int?
            for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
                let bare = Self.unescaped(String(line))
                #expect(!bare.contains { "<>[]`".contains($0) }, "unescaped markup in: \(line)")
                let characters = Array(line)
                #expect(!characters.indices.dropLast().contains {
                    characters[$0] == "&" && MarkdownEntity.opens(characters[$0 + 1]) && ($0 == 0 || characters[$0 - 1] != "\\")
                }, "an unescaped entity in: \(line)")
                // Every row of a table has its header's number of cells.
                if line.hasPrefix("|") {
                    let cells = bare.filter { $0 == "|" }.count
                    if columns == nil { columns = cells }
                    #expect(cells == columns, "\(line)")
                } else {
                    columns = nil
                }
            }
        }
    }

    @Test("chat: no table, no escape, no control; lines of at most 40 columns unless one word is longer")
    func chat() async throws {
        await propertyCheck(count: 25, input: Gen.uint64()) { seed in
            let chat = try Self.fixture(seed).report().rendered(.chat, expenses: true)
            #expect(!chat.unicodeScalars.contains { $0 != "\n" && TextRules.isControl($0) })
            for line in chat.split(separator: "\n") where DisplayWidth.of(String(line)) > ReportFormat.chatColumns {
                #expect(line.split(separator: " ").count == 1 || line.split(separator: " ").contains {
                    DisplayWidth.of(String($0)) > ReportFormat.chatColumns - 2
                }, "a long line that could be cut: \(line)")
            }
        }
    }

    @Test("text: no control character reaches the terminal")
    func text() async throws {
        await propertyCheck(count: 25, input: Gen.uint64()) { seed in
            let text = try Self.fixture(seed).report().rendered(.text)
            #expect(!text.unicodeScalars.contains { $0 != "\n" && TextRules.isControl($0) })
        }
    }

    /// `text` as the template writes it.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// What may follow `&` in an entity: `&amp;`, `&#38;`.
    enum MarkdownEntity {
        static func opens(_ next: Character) -> Bool { next == "#" || (next.isASCII && next.isLetter) }
    }

    /// A Markdown line with every backslash escape removed.
    static func unescaped(_ line: String) -> String {
        var out = ""
        var escaping = false
        for character in line {
            if escaping { escaping = false; continue }
            if character == "\\" { escaping = true; continue }
            out.append(character)
        }
        return out
    }
}
