import Foundation
import SplitTestSupport
import Testing

/// The report page as a friend opens it, measured by a real browser (Chromium over the
/// DevTools protocol, network off) at a phone's 360 × 740 and a desktop's 1280 × 800: the
/// page never scrolls sideways, no word is cut across lines, chart text stays readable, and
/// every member, payment and expense's sharers are in the rendered text. Each check has a
/// control, a copy of the page made to break it, which must fail it.
@Suite("the report page on a phone and a desktop", .serialized)
struct ResponsiveReportTests {
    static let chromium = HeadlessChromium.path
    static let viewports = [(360, 740), (1280, 800)]

    /// Lima: three friends, seven expenses split every way, one in dollars; `settled` records
    /// the plan as payments afterwards.
    static func lima(settled: Bool) async throws -> CLI {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lima", "--currency", "PEN")
        try await cli.ok("member", "add", "Ana", "Beto", "Carla")
        try await cli.ok("add-expense", "Groceries", "84.60", "--paid-by", "Ana", "--category", "Shopping")
        try await cli.ok("add-expense", "Taxi to Miraflores", "32", "--paid-by", "Carla", "--among", "Ana,Carla",
                         "--category", "Transport")
        try await cli.ok("add-expense", "Ceviche dinner at the place by the harbour with the whole group", "246.90",
                         "--paid-by", "Beto", "--shares", "Ana=2,Beto=1,Carla=1", "--category", "Meal")
        try await cli.ok("add-expense", "Hostel", "360", "--paid-by", "Ana", "--percent", "Ana=50,Beto=25,Carla=25",
                         "--category", "Hotel")
        try await cli.ok("add-expense", "Pisco bar", "--paid-by", "Carla", "--item", "Pisco sour=36:Carla,Beto",
                         "--item", "Chicha=12:Ana", "--tip", "10%", "--category", "Meal")
        try await cli.ok("add-expense", "Museum tickets", "90", "--paid-by", "Beto", "--category", "Tickets")
        try await cli.ok("add-expense", "SIM cards", "25", "--currency", "USD", "--paid-by", "Carla")
        if settled { try await cli.ok("settle", "--record") }
        return cli
    }

    /// Chromium's path; when it is missing (only outside CI, where the tests are skipped) an issue.
    static func browser() -> String? {
        if chromium == nil { Issue.record("chromium is missing in CI: scripts/test.sh installs it") }
        return chromium
    }

    /// The page measured at each viewport.
    static func measure(_ browser: DevToolsBrowser, _ path: String) async throws -> [PageLayout] {
        var layouts: [PageLayout] = []
        for (width, height) in viewports {
            layouts.append(try await PageLayout.measure(browser, url: "file://" + path, width: width, height: height))
        }
        return layouts
    }

    @Test("360 and 1280 px: no sideways scroll, no cut word, chart text ≥ 11 px, everyone and everything shown",
          .enabled(if: chromium != nil || HeadlessChromium.inCI, "chromium is not installed (apt-get install chromium); CI runs this test"))
    func readable() async throws {
        guard let chromium = Self.browser() else { return }
        let cli = try await Self.lima(settled: true)
        try await cli.ok("report", "--format", "html", "-o", "page.html")
        let report = try await cli.json("report")
        let browser = try DevToolsBrowser(chromium: chromium, profile: cli.path("profile"))
        for layout in try await Self.measure(browser, cli.path("page.html")) {
            let at = "at \(layout.viewportWidth) px"
            #expect(layout.documentWidth <= layout.viewportWidth, "\(at): the page is \(layout.documentWidth) px wide")
            #expect(layout.layoutWidth == layout.viewportWidth, "\(at): the browser widened the layout to \(layout.layoutWidth) px")
            #expect(layout.brokenWords.isEmpty, "\(at): \(layout.brokenWords)")
            #expect(layout.chartTexts >= 10 && layout.smallChartText.isEmpty, "\(at): \(layout.chartTexts) \(layout.smallChartText)")
            for member in report["members"].array {
                #expect(layout.text.contains(member["name"].string ?? "?"), "\(at): member \(member["name"])")
            }
            let payments = report["payments"]["list"].array
            #expect(payments.count >= 2)
            for payment in payments {
                let amount = payment["amount"].double.map { String(format: "%.2f", $0) } ?? "?"
                let row = layout.text.split(separator: "\n").contains { line in
                    line.contains(amount) && line.contains(payment["fromName"].string ?? "?")
                }
                #expect(row || (layout.text.contains(amount) && layout.text.contains(payment["toName"].string ?? "?")),
                        "\(at): payment \(payment)")
            }
            for expense in report["expenses"]["list"].array {
                let sharers = expense["sharedBy"].array.compactMap { $0["memberName"].string }.joined(separator: ", ")
                #expect(!sharers.isEmpty && layout.text.contains(sharers), "\(at): \(expense["description"]) shared by \(sharers)")
            }
            #expect(layout.text.contains("Everyone is settled in PEN."), "\(at)")
            #expect(layout.text.contains("Ana, Carla") && layout.text.contains("(shares 2:1:1)") && layout.text.contains("(items)"))
        }
        await browser.quit()
    }

    @Test("each check fails on a page made to break it: break-all, a fixed 1200 px body, 6 px chart text",
          .enabled(if: chromium != nil || HeadlessChromium.inCI, "chromium is not installed (apt-get install chromium); CI runs this test"))
    func controls() async throws {
        guard let chromium = Self.browser() else { return }
        let cli = try await Self.lima(settled: false)
        try await cli.ok("report", "--format", "html", "-o", "page.html")
        let page = try String(contentsOfFile: cli.path("page.html"), encoding: .utf8)
        func broken(_ css: String, _ name: String) throws -> String {
            try cli.write(name, page.replacingOccurrences(of: "</style>", with: css + "\n</style>"))
        }
        let browser = try DevToolsBrowser(chromium: chromium, profile: cli.path("profile"))
        let phone = (360, 740)
        let breakAll = try await PageLayout.measure(browser, url: "file://" + (try broken("* { word-break: break-all; }", "a.html")),
                                                    width: phone.0, height: phone.1)
        #expect(!breakAll.brokenWords.isEmpty, "word-break: break-all cuts words")
        let fixed = try await PageLayout.measure(browser, url: "file://" + (try broken("body { width: 1200px; max-width: none; }", "b.html")),
                                                 width: phone.0, height: phone.1)
        #expect(fixed.documentWidth > fixed.viewportWidth, "a 1200 px body is wider than a 360 px phone")
        let tiny = try await PageLayout.measure(browser, url: "file://" + (try broken(".bar { font-size: 6px; }", "c.html")),
                                                width: phone.0, height: phone.1)
        #expect(!tiny.smallChartText.isEmpty, "6 px chart text is too small")
        // The page as made passes the same three at the same width.
        let made = try await PageLayout.measure(browser, url: "file://" + cli.path("page.html"), width: phone.0, height: phone.1)
        #expect(made.brokenWords.isEmpty && made.documentWidth <= made.viewportWidth && made.smallChartText.isEmpty,
                "\(made.brokenWords) \(made.documentWidth) \(made.smallChartText)")
        await browser.quit()
    }

    @Test("hostile text stays text and keeps the layout: markup, </script>, a 150-letter word, RTL, emoji",
          .enabled(if: chromium != nil || HeadlessChromium.inCI, "chromium is not installed (apt-get install chromium); CI runs this test"))
    func hostile() async throws {
        guard let chromium = Self.browser() else { return }
        let cli = try CLI()
        let long = String(repeating: "Supercalifragilistic", count: 7) + "X"
        let names = ["<b onmouseover>Eve</b>", "عائشة بنت", "Zoë 🎉🎉", "Bob"]
        try await cli.ok("trip", "create", "</script><b>Trip", "--currency", "EUR")
        try await cli.ok(["member", "add"] + names)
        try await cli.ok("add-expense", long, "1234567.89", "--paid-by", names[0], "--among", names.joined(separator: ","))
        try await cli.ok("add-expense", "<img src=x onerror=alert(1)>", "7", "--paid-by", "Bob")
        try await cli.ok("add-expense", "</script><script>alert(2)</script>", "12", "--paid-by", names[1],
                         "--among", "\(names[1]),\(names[2])")
        try await cli.ok("pay", names[2], names[0], "10", "--note", long)
        try await cli.ok("report", "--format", "html", "-o", "page.html")
        let browser = try DevToolsBrowser(chromium: chromium, profile: cli.path("profile"))
        for layout in try await Self.measure(browser, cli.path("page.html")) {
            let at = "at \(layout.viewportWidth) px"
            #expect(layout.documentWidth <= layout.viewportWidth, "\(at): the page is \(layout.documentWidth) px wide")
            #expect(layout.layoutWidth == layout.viewportWidth, "\(at): the browser widened the layout to \(layout.layoutWidth) px")
            #expect(layout.brokenWords.isEmpty, "\(at): \(layout.brokenWords)")
            for text in names + ["</script><script>alert(2)</script>", "</script><b>Trip", "<img src=x onerror=alert(1)>"] {
                #expect(layout.text.contains(text), "\(at): \(text) is shown as typed")
            }
            #expect(layout.text.replacingOccurrences(of: "\n", with: "").contains(long), "\(at): the long word is all there")
        }
        await browser.quit()
    }
}
