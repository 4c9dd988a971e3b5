import SplitCore
import SplitJSON
import SplitReport
import Testing

/// What each format says of a trip, that it says the same thing every time, and what a page
/// with little in it says.
@Suite("report: rendering")
struct ReportRenderingTests {
    @Test("the same trip gives the same bytes in every format, apart from the made-at line", arguments: ReportFormat.allCases)
    func deterministic(format: ReportFormat) throws {
        var fixture = ReportFixture.tokyo
        let first = try fixture.report().rendered(format)
        #expect(try fixture.report().rendered(format) == first)
        fixture.madeAt = Timestamp(millisecondsSince1970: fixture.madeAt.millisecondsSince1970 + 3_600_000)
        let later = try fixture.report().rendered(format)
        let before = first.split(separator: "\n", omittingEmptySubsequences: false)
        let after = later.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.count == 1 && changed.allSatisfy { $0.0.contains("Made at") }, "\(changed)")
    }

    @Test("text: net bars read left for owes and right for is owed; the plan is in words for you")
    func text() throws {
        var fixture = ReportFixture.tokyo
        fixture.me = 1
        let text = try fixture.report().rendered(.text)
        // Nets in JPY: Alex -2,000, Bea -12,500, Chen +14,500.
        #expect(text.contains("Net in JPY (left: owes, right: is owed)"))
        let lines = text.split(separator: "\n").map(String.init)
        let bea = try #require(lines.first { $0.contains("Bea (you)") })
        let chen = try #require(lines.first { $0.hasPrefix("  Chen") })
        #expect(bea.contains("█│") && bea.hasSuffix("-¥12,500"), "owes: the bar ends at the axis")
        #expect(chen.contains("│█") && chen.hasSuffix("+¥14,500"), "is owed: the bar starts at the axis")
        #expect(text.contains("  You pay Chen ¥12,500\n  Alex pays Chen ¥2,000\n"))
        #expect(text.contains("Spending in JPY by category"))
        #expect(text.contains("Spending in USD by day"))
    }

    @Test("the numbers: nets and plan as SplitCore computes them, in the JSON document")
    func numbers() throws {
        let report = try ReportFixture.tokyo.report()
        let json = report.json
        let jpy = try #require(json["settlements"]?.arrayValue?.first)
        #expect(jpy["currency"]?.stringValue == "JPY")
        #expect(jpy["balances"]?.arrayValue?.compactMap { $0["netBalance"]?.numberText } == ["-2000", "-12500", "14500"])
        #expect(jpy["transfers"]?.arrayValue?.count == 2)
        #expect(json["spending"]?.arrayValue?.compactMap { $0["total"]?.numberText } == ["45000", "10.5"])
        #expect(json["expenses"]?["count"]?.numberText == "4")
    }

    @Test("a trip with no expenses, a single member or only held items says so", arguments: ReportFormat.allCases)
    func emptyStates(format: ReportFormat) throws {
        // chat cuts long lines between words: read every run of spaces and line breaks as one space.
        func rendered(_ fixture: ReportFixture) throws -> String {
            try fixture.report().rendered(format).split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        }
        var empty = ReportFixture()
        #expect(try rendered(empty).contains("No expenses or payments yet"))
        empty.names = ["Alex"]
        empty.expenses = [("Solo", 0, 500, "JPY", [0])]
        #expect(try rendered(empty).contains("Only one member"))
        var held = ReportFixture()
        held.held = [HeldItem(kind: "expense", id: "7447f42e", description: "Taxi", reason: "its shares do not add up")]
        let page = try rendered(held)
        #expect(page.contains("Everything the server sent for this trip is held"))
        #expect(page.contains("its shares do not add up"))
    }

    @Test("html: one section per currency, each chart row's label and value as text, no script but the data island")
    func htmlShape() throws {
        var fixture = ReportFixture.tokyo
        fixture.me = 0
        let html = try fixture.report().rendered(.html)
        #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">"#))
        #expect(html.contains("<h2>Who owes whom, JPY</h2>") && html.contains("<h2>Who owes whom, USD</h2>"))
        #expect(html.contains("<h2>Spending in JPY</h2>") && html.contains("<h2>Spending in USD</h2>"))
        let scan = HTMLScan(html)
        #expect(scan.tags.filter { $0.name == "figure" && !$0.closing }.count == 3 * 2)
        // Net chart rows: JPY 3 members, USD 3; categories JPY 3, USD 1; days JPY 3, USD 1.
        #expect(scan.tags.filter { $0.name == "svg" && !$0.closing }.count == 1 + 3 + 3 + 3 + 1 + 3 + 1)
        #expect(html.contains(#"<div class="bar" title="Alex (you) owes ¥2,000"><span class="label"><bdi>Alex (you)</bdi></span>"#))
        #expect(html.contains(#"<span class="value">-¥2,000</span>"#))
        #expect(html.contains("<h3>People, JPY</h3>"))
        #expect(html.contains("@media print"))
        #expect(scan.tags.filter { $0.name == "script" }.map(\.attributes) == [["type", "id"], []])
        #expect(html.contains(#"<li class="yours"><bdi>You pay Chen ¥2,000</bdi></li>"#))
    }

    @Test("an itemized bill is listed with its items and extras, in the page and in the JSON")
    func itemizedBill() throws {
        var fixture = ReportFixture.tokyo
        fixture.bills[0] = ([("Steak", 5_000, [0]), ("Sake & <b>tea</b>", 7_000, [])], 10)
        let report = try fixture.report()
        let html = report.rendered(.html)
        #expect(html.contains(#"<div class="items note"><bdi>Steak ¥5,000 (Alex) · Sake &amp; &lt;b&gt;tea&lt;/b&gt; ¥7,000 (everyone) · tip 10% ¥1,200</bdi></div>"#))
        let listed = try #require(report.json["expenses"]?["list"]?.arrayValue?.last)
        #expect(listed["amount"] == .number("13200"))
        #expect(listed["bill"]?["tip"] == .number("1200"))
        #expect(listed["bill"]?["items"]?.arrayValue?.map { $0["name"]?.stringValue } == ["Steak", "Sake & <b>tea</b>"])
        #expect(report.json["expenses"]?["list"]?.arrayValue?.first?["bill"] == nil, "a plain expense has no bill")
    }

    @Test("html: a trip past the cap lists the newest expenses and says how many it leaves out")
    func capped() throws {
        var fixture = ReportFixture()
        fixture.expenses = (0..<(TripReport.expenseCap + 3)).map { ("Item \($0)", $0 % 3, 100, "JPY", [0, 1, 2]) }
        let report = try fixture.report()
        #expect(report.expenses.count == TripReport.expenseCap && report.expenseCount == TripReport.expenseCap + 3)
        let html = report.rendered(.html)
        #expect(html.contains("Showing the newest 500 of 503 expenses; the totals and charts count them all."))
        // The totals (header and JPY), the people (header and three), the expenses' header and rows.
        #expect(HTMLScan(html).tags.filter { $0.name == "tr" && !$0.closing }.count == 2 + 4 + 1 + TripReport.expenseCap)
    }
}
