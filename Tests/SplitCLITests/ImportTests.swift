import Foundation
import Testing

@Suite("split import")
struct ImportTests {
    /// A trip with every kind of data the export holds: rates, splits of every mode, a paid
    /// share, a payment with a note, and a second trip.
    func source() async throws -> CLI {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.addSpecExpenses()
        try await cli.ok("trip", "rate", "USD", "150.25")
        try await cli.ok("pay", "Bea", "Alex", "2000", "--note", "cash; thanks")
        try await cli.ok("mark-paid", try await cli.expenseID("Taxi"), "--member", "Chen")
        try await cli.ok("trip", "create", "Osaka", "--currency", "EUR")
        try await cli.ok("member", "add", "Eve", "Finn", "--trip", "Osaka")
        try await cli.ok("add-expense", "Okonomiyaki", "31.01", "--paid-by", "Eve", "--trip", "Osaka")
        // Two payers, and a share paid back to them.
        try await cli.ok("add-expense", "Ryokan", "90.01", "--paid-by", "Eve=60.01,Finn=30", "--trip", "Osaka")
        let ryokan = try await cli.json("expenses", "--trip", "Osaka")["expenses"].array.first { $0["description"].string == "Ryokan" }
        try await cli.ok("mark-paid", try #require(ryokan?["id"].string), "--member", "Finn", "--trip", "Osaka")
        return cli
    }

    @Test("a version 1 export, from before several payers, still imports: paidBy paid it all")
    func versionOne() async throws {
        let cli = try CLI()
        let file = cli.path("v1.json")
        try Data(#"""
        {"format":"split-export","version":1,"trips":[{"id":"t1","name":"Old","currency":"EUR","rates":[],
         "members":[{"id":"m1","name":"Ann"},{"id":"m2","name":"Ben"}],
         "expenses":[{"id":"e1","description":"Dinner","amount":30.5,"currency":"EUR","category":"Meal","paidBy":"m1",
                      "date":"2025-03-01","note":null,"createdAt":null,
                      "splits":[{"member":"m1","amount":15.25,"isPaid":false},{"member":"m2","amount":15.25,"isPaid":true}]}],
         "payments":[]}]}
        """#.utf8).write(to: URL(fileURLWithPath: file))
        try await cli.ok("import", file)
        let dinner = try await cli.json("expenses", "--trip", "Old")["expenses"][0]
        #expect(dinner["paidByName"].string == "Ann")
        #expect(dinner["payers"].array.map { [$0["memberName"].string, $0["amount"].double.map { String($0) }] } == [["Ann", "30.5"]])
        let balances = try await cli.json("balances", "--trip", "Old")["balances"][0]["balances"].array
        #expect(balances.map { $0["netBalance"].double } == [0, 0])
        #expect(balances.map { $0["totalPaid"].double } == [30.5, 0])
    }

    /// The text with every UUID replaced by its order of first appearance, so two exports can be
    /// compared "except for ids" while still proving the references line up.
    func withoutIDs(_ text: String) async throws -> String {
        let pattern = try NSRegularExpression(pattern: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
        var seen: [String: Int] = [:]
        var result = ""
        var last = text.startIndex
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let range = Range(match.range, in: text)!
            let id = String(text[range])
            let number = seen[id] ?? seen.count
            seen[id] = number
            result += text[last..<range.lowerBound] + "<id\(number)>"
            last = range.upperBound
        }
        return result + text[last...]
    }

    @Test("export, import into an empty database, export again: the same bytes except ids, or the same bytes with --keep-ids")
    func roundTrip() async throws {
        let original = try await source()
        let file = original.path("all.json")
        try await original.ok("export", "--all", "--format", "json", "-o", file)
        let first = try String(contentsOfFile: file, encoding: .utf8)

        let fresh = try CLI()
        let imported = try await fresh.ok("import", file)
        #expect(imported.stdout.contains("Tokyo Trip (new trip): 4 members, 5 expenses, 1 payment"), "\(imported)")
        try await fresh.ok("export", "--all", "--format", "json", "-o", fresh.path("again.json"))
        let again = try String(contentsOfFile: fresh.path("again.json"), encoding: .utf8)
        #expect(again != first)
        #expect(try await withoutIDs(again) == withoutIDs(first))

        let kept = try CLI()
        try await kept.ok("import", file, "--keep-ids")
        try await kept.ok("export", "--all", "--format", "json", "-o", kept.path("kept.json"))
        #expect(try String(contentsOfFile: kept.path("kept.json"), encoding: .utf8) == first)

        // Balances and the settle plan survive too.
        #expect(try await fresh.run("settle", "--trip", "Tokyo Trip").stdout == original.run("settle", "--trip", "Tokyo Trip").stdout)
        #expect(try await fresh.run("balances", "--trip", "Osaka").stdout == original.run("balances", "--trip", "Osaka").stdout)
        #expect(first.contains(#""payers""#) && first.contains(#""version": 4"#))
    }

    @Test("a second import of the same file adds nothing and says so; --dry-run writes nothing")
    func twiceAndDryRun() async throws {
        let original = try await source()
        let file = original.path("all.json")
        try await original.ok("export", "--all", "-o", file)
        let fresh = try CLI()
        let dry = try await fresh.ok("import", file, "--dry-run")
        #expect(dry.stdout.contains("Would import") && dry.stdout.contains("Dry run: nothing was written."))
        #expect(dry.stdout.contains("totalling JPY 60000, USD 10.50"), "\(dry)")
        #expect(try await fresh.run("trip", "list").stdout.contains("Tokyo") == false)

        try await fresh.ok("import", file)
        let second = try await fresh.ok("import", file)
        #expect(second.stdout.contains("Nothing new in \(file): its 7 expenses and 1 payment were imported before."), "\(second)")
        let report = try await fresh.json("import", file)
        #expect(report["trips"].array.map { $0["expensesAdded"].int } == [0, 0])
        #expect(report["trips"].array.map { $0["name"].string } == ["Osaka", "Tokyo Trip"])
        #expect(report["trips"].array.map { $0["expensesSkipped"].int } == [2, 5])
    }

    @Test("--into puts a Splitwise file into an existing trip, matching members by name")
    func into() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let csv = try cli.write("sw.csv", "Date,Description,Category,Cost,Currency,alex,Bea\n2025-01-21,Sushi,Dining out,6000,JPY,3000,-3000\n")
        try await cli.ok("import", csv, "--into", "Tokyo Trip")
        let sushi = try #require(try await cli.expenses().first)
        #expect(sushi["description"].string == "Sushi" && sushi["paidByName"].string == "Alex")
        #expect(try await cli.nets()["JPY"]?["Alex"] == 3000)
    }

    @Test("bad input: one line naming the problem, the right exit code, nothing written")
    func badInput() async throws {
        let cli = try CLI()
        try await cli.run("import", cli.path("missing.db")).expectError(66, "missing.db: no such file")
        try await cli.run("import", cli.path("missing.db"), "--format", "excel").expectError(64, "unknown format 'excel'; accepted: ios-db, ios-json, splitwise, split-json")
        let text = try cli.write("notes.txt", "hello\n")
        try await cli.run("import", text).expectError(65, "cannot tell the format", "--format")
        let csv = try cli.write("bad.csv", "Date,Description,Category,Cost,Currency,Alex,Bea\n2025-01-21,Sushi,Dining out,60.00,GBQ,30.00,-30.00\n")
        try await cli.run("import", csv).expectError(65, "line 2, column Currency: unknown currency 'GBQ'")
        try await cli.run("import", csv, "--into", "Nowhere").expectError(65, "Nowhere")
        #expect(try await cli.run("trip", "list", "--json").json["trips"].array.isEmpty)
    }
}
