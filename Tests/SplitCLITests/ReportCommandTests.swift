import Foundation
import SplitCore
import SplitJSON
import SplitReport
import SplitTestSupport
import Testing

/// `split report`: each format, the file it writes, and what it refuses.
@Suite("split report")
struct ReportCommandTests {
    /// The spec's trip with you set to Bea.
    static func tokyo() async throws -> CLI {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.addSpecExpenses()
        try await cli.ok("member", "me", "Bea")
        return cli
    }

    @Test("text: totals, the net chart, the plan in words for you, spending by category and by day")
    func text() async throws {
        let cli = try await Self.tokyo()
        let text = try await cli.ok("report").stdout
        #expect(text.hasPrefix("Tokyo Trip\n4 members and 5 expenses; home currency JPY.\nMade at 2025-01-20 09:00 UTC.\n"))
        #expect(text.contains("Net in JPY (left: owes, right: is owed)"))
        #expect(text.contains("Bea (you)"))
        let words = try await cli.ok("settle", "--mine").stdout
        for sentence in words.split(separator: "\n") { #expect(text.contains("  " + sentence + "\n")) }
        #expect(text.contains("Spending in JPY by category") && text.contains("Spending in USD by day"))
        #expect(try await cli.ok("report", "--format", "text").stdout == text)
    }

    @Test("md: the same as tables and lists")
    func markdown() async throws {
        let cli = try await Self.tokyo()
        let markdown = try await cli.ok("report", "--format", "md").stdout
        #expect(markdown.hasPrefix("# Tokyo Trip\n"))
        #expect(markdown.contains("| Member | Paid | Share | Sent | Received | Net |\n| --- | ---: | ---: | ---: | ---: | ---: |\n"))
        #expect(markdown.contains("Bea (you)"))
        #expect(markdown.contains("## Spending in USD"))
        // A table cell never starts a line: a net keeps its sign unescaped.
        #expect(markdown.contains("| +"), "\(markdown)")
        #expect(!markdown.contains("\\+") && !markdown.contains("| \\-"), "\(markdown)")
    }

    @Test("--for everyone speaks in the third person; html and chat do by default, text and md speak to you")
    func audience() async throws {
        let cli = try await Self.tokyo()
        let mine = try await cli.ok("settle", "--mine").stdout.split(separator: "\n").map(String.init)
        #expect(mine.contains { $0.hasPrefix("You pay") || $0.contains("pays you") })
        for format in ["text", "md", "chat"] {
            let everyone = try await cli.ok("report", "--format", format, "--for", "everyone").stdout
            #expect(!everyone.contains("(you)") && !everyone.contains("You pay") && !everyone.contains("pays you"), "\(format)")
            #expect(everyone.contains("Bea pays") || everyone.contains("pays Bea"), "\(format)")
        }
        #expect(try await cli.ok("report", "--format", "md").stdout.contains("(you)"))
        #expect(try await cli.ok("report", "--format", "md", "--for", "me").stdout.contains("(you)"))
        let chat = try await cli.ok("report", "--format", "chat").stdout
        #expect(!chat.contains("(you)") && !chat.contains("|") && !chat.contains("\\"))
        #expect(try await cli.ok("report", "--format", "chat", "--for", "me").stdout.contains("(you)"))
        let page = try await cli.ok("report", "--format", "html").stdout
        #expect(!page.contains("(you)") && page.contains("Bea pays"))
        // --for me with nobody set is refused, with how to say who you are.
        let fresh = try CLI()
        try await fresh.setUpTokyo()
        try await fresh.addSpecExpenses()
        try await fresh.run("report", "--for", "me").expectError(64, "split member me NAME")
        try await fresh.run("report", "--for", "us").expectError(64, "everyone")
    }

    @Test("--expenses lists every expense with who paid and who shared, in text, md and chat")
    func expenses() async throws {
        let cli = try await Self.tokyo()
        let listing = try await cli.json("expenses")
        for format in ["text", "md", "chat"] {
            let plain = try await cli.ok("report", "--format", format).stdout
            let listed = try await cli.ok("report", "--format", format, "--expenses").stdout
            for expense in listing["expenses"].array {
                let description = try #require(expense["description"].string)
                #expect(listed.contains(description), "\(format): \(description)")
            }
            #expect(!plain.contains("Museum"), "\(format): no expense list without --expenses")
            #expect(listed.contains("Bea, Chen"), "\(format): the taxi's sharers")
        }
    }

    @Test("html: -o writes one page whose data island is the --json document, escaped for its place")
    func html() async throws {
        let cli = try await Self.tokyo()
        // The page is for everyone (nobody is "you"), and so is its island.
        let json = try await cli.ok("report", "--json", "--for", "everyone").stdout
        let result = try await cli.ok("report", "--format", "html", "-o", "tokyo.html")
        #expect(result.stdout.isEmpty && result.stderr == "wrote the html report of trip 'Tokyo Trip' to tokyo.html\n")
        let page = try String(contentsOfFile: cli.path("tokyo.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        let island = #"<script type="application/json" id="split-data">"# + TripReport.dataIsland(String(json.dropLast())) + "</script>"
        #expect(page.contains(island))
        // Piped, the page goes to stdout as it is.
        #expect(try await cli.ok("report", "--format", "html").stdout == page)
    }

    @Test("--in converts as settle --in does and lists the rates it used")
    func converted() async throws {
        let cli = try await Self.tokyo()
        try await cli.ok("trip", "rate", "USD", "150.25")
        let report = try JSONParser.parse(Array(try await cli.ok("report", "--in", "JPY", "--json").stdout.utf8))
        let settle = try JSONParser.parse(Array(try await cli.ok("settle", "--in", "JPY", "--json").stdout.utf8))
        #expect(report["settlements"] == settle["settlements"])
        #expect(report["rates"] == settle["rates"] && report["convertedTo"]?.stringValue == "JPY")
        let text = try await cli.ok("report", "--in", "JPY").stdout
        #expect(text.contains("Balances converted into JPY with the trip's rates. Rates used (split trip rate): 1 USD = 150.25 JPY."))
        try await cli.run("report", "--in", "EUR").expectError(65, "no exchange rate for", "split trip rate")
    }

    @Test("bad input is refused with one line and its exit code, and changes nothing",
          arguments: [
            (["report", "--format", "pdf"], Int32(64), "pdf", false),
            (["report", "--format", "html"], 64, "-o FILE", true),
            (["report", "--format", "html", "-o", "/nonexistent/dir/trip.html"], 74, "cannot write /nonexistent/dir/trip.html", false),
            (["report", "--json", "--format", "md"], 64, "leave out --format", false),
            (["report", "--in", "XYZ1"], 65, "XYZ1", false),
            (["report", "--trip", "Nowhere"], 65, "Nowhere", false),
          ])
    func refusals(arguments: [String], code: Int32, phrase: String, terminal: Bool) async throws {
        let cli = try await Self.tokyo()
        let before = try await cli.writeState().text
        try await cli.run(arguments, terminal: terminal).expectError(code, phrase)
        #expect(try await cli.writeState().text == before)
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/dir"))
    }

    @Test("on a terminal, html with -o is fine, and text needs no -o")
    func terminal() async throws {
        let cli = try await Self.tokyo()
        try await cli.run(["report", "--format", "html", "-o", "t.html"], terminal: true).expectOK()
        try await cli.run(["report"], terminal: true).expectOK()
    }

    @Test("held server items are listed with their reasons; a trip of only held items says so", arguments: ReportFormat.allCases)
    func held(format: ReportFormat) async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Shared", "--currency", "EUR")
        try await cli.ok("member", "add", "Ana", "Beto")
        let trip = try #require(try await cli.json("trip", "show")["trip"]["id"].string)
        _ = try sqlite3(cli.databasePath, """
            INSERT INTO foreign_item (trip_id, item, state, revision, body, reason, noted_at)
            VALUES ('\(trip)', 'expense:4d3c2b1a-0000', 'held', 7, '{}', 'its shares do not add up', '2025-01-20T09:30:00.000Z')
            """)
        // chat cuts long lines between words: read every run of spaces and line breaks as one space.
        let page = try await cli.ok(["report", "--format", format.rawValue]).stdout
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(page.contains("Everything the server sent for this trip is held"))
        #expect(page.contains("expense 4d3c2b1a: its shares do not add up"))
    }

    @Test("a new trip says it has nothing yet; no trip at all is an error that says how to make one")
    func emptyTrip() async throws {
        let cli = try CLI()
        try await cli.run("report").expectError(65, "split trip create")
        try await cli.ok("trip", "create", "Empty", "--currency", "MXN")
        #expect(try await cli.ok("report").stdout.contains("No expenses or payments yet"))
        try await cli.ok("member", "add", "Solo")
        try await cli.ok("add-expense", "Tacos", "120", "--paid-by", "Solo")
        #expect(try await cli.ok("report", "--format", "md").stdout.contains("Only one member"))
    }
}
