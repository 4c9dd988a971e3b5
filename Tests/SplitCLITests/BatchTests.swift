import Foundation
import SplitTestSupport
import Testing

@Suite("split add-expense --batch")
struct BatchTests {
    static let mixedBatch = """
        {"description":"Dinner","amount":12000,"paidBy":"Alex"}
        {"description":"Taxi","amount":"3000","paidBy":"Bea","among":["Bea","Chen"],"category":"Transport"}

        {"description":"Hotel","amount":40000,"paidBy":"Chen","exact":{"Alex":10000,"Bea":10000,"Chen":20000},"category":"Hotel","date":"2025-01-18","note":"2 nights"}
        {"description":"Museum","amount":5000,"paidBy":"Dana","shares":{"Alex":2,"Bea":1,"Chen":1,"Dana":1}}
        {"description":"Lunch","amount":10.50,"currency":"USD","paidBy":"Alex","percent":{"Alex":50,"Bea":25,"Chen":25},"category":"Meal"}

        """

    @Test("a batch file adds every line with all split modes")
    func batchFile() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try cli.write("expenses.jsonl", Self.mixedBatch)
        let result = try await cli.ok("add-expense", "--batch", "expenses.jsonl")
        #expect(result.stdout == "Added 5 expenses to Tokyo Trip.\n")

        let all = try await cli.expenses()
        #expect(all.count == 5)
        func expense(_ name: String) async throws -> JSON {
            try #require(all.first { $0["description"].string == name })
        }
        #expect(shares(try await expense("Dinner")) == ["Alex": 3000, "Bea": 3000, "Chen": 3000, "Dana": 3000])
        let taxi = try await expense("Taxi")
        #expect(shares(taxi) == ["Bea": 1500, "Chen": 1500])
        #expect(taxi["category"].string == "Transport")
        let hotel = try await expense("Hotel")
        #expect(shares(hotel) == ["Alex": 10000, "Bea": 10000, "Chen": 20000])
        #expect(hotel["expenseDate"].string == "2025-01-18")
        #expect(hotel["note"].string == "2 nights")
        #expect(all.last?["description"].string == "Hotel")  // the oldest date comes last
        #expect(shares(try await expense("Museum")) == ["Alex": 2000, "Bea": 1000, "Chen": 1000, "Dana": 1000])
        let lunch = try await expense("Lunch")
        #expect(lunch["currency"].string == "USD")
        #expect(lunch["amount"].double == 10.5)
        #expect(shares(lunch) == ["Alex": 5.25, "Bea": 2.63, "Chen": 2.62])

        // The balances match the same expenses added one by one.
        let single = try CLI()
        try await single.setUpTokyo()
        try await single.addSpecExpenses()
        #expect(try await cli.nets() == single.nets())
    }

    @Test("a batch from stdin (-), with --json output")
    func batchFromStdin() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let input = """
            {"description":"Coffee","amount":600,"paidBy":"Chen"}
            {"description":"Cake","amount":900,"paidBy":"Dana","among":"Chen,Dana"}
            """
        let result = try await cli.run(["add-expense", "--batch", "-", "--json"], stdin: input)
        result.expectSuccess()
        expectCompactJSON(result)
        #expect(result.json["expenses"].array.compactMap { $0["description"].string } == ["Coffee", "Cake"])
        #expect(shares(result.json["expenses"][1]) == ["Chen": 450, "Dana": 450])
        #expect(try await cli.expenseCount() == 2)
    }

    @Test("a bad line in the middle names its line number and nothing from the batch is stored",
          arguments: [
            (#"{"description":"Bad","amount":"12.5","paidBy":"Alex"}"#, "too precise for JPY"),
            (#"{"description":"Bad","amount":100,"paidBy":"Zed"}"#, "no member 'Zed'"),
            (#"{"description":"Bad","amount":100,"paidBy":"Alex","exact":{"Alex":10}}"#, "90 short of the amount 100"),
            (#"{"description":"Bad","amount":100,"paidBy":"Alex""#, "invalid JSON"),
            (#"{"description":"Bad","amount":100,"paidBy":"Alex","colour":"red"}"#, "unknown field 'colour'"),
            (#"{"amount":100,"paidBy":"Alex"}"#, "field 'description' is required"),
            (#"{"description":"Bad","paidBy":"Alex"}"#, "field 'amount' is required"),
            (#"{"description":"Bad","amount":100}"#, "field 'paidBy' is required"),
            (#"{"description":"Bad","amount":true,"paidBy":"Alex"}"#, "field 'amount' must be a number or a string"),
            (#"{"description":"Bad","amount":100,"paidBy":"Alex","among":["Bea"],"shares":{"Bea":1}}"#, "use only one of"),
            (#"{"description":"Bad","amount":100,"paidBy":"Alex","date":"2025-02-30"}"#, "date '2025-02-30'"),
            (#"[1,2,3]"#, "expected a JSON object"),
          ])
    func badLine(line: String, phrase: String) async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Existing", "1000", "--paid-by", "Alex")
        let before = try await cli.snapshot()
        // Line 4 is bad (line 2 is blank but still counted).
        let text = [
            #"{"description":"One","amount":100,"paidBy":"Alex"}"#,
            "",
            #"{"description":"Two","amount":200,"paidBy":"Bea"}"#,
            line,
            #"{"description":"Three","amount":300,"paidBy":"Chen"}"#,
        ].joined(separator: "\n")
        try cli.write("batch.jsonl", text)
        try await cli.run("add-expense", "--batch", "batch.jsonl").expectError(65, "batch line 4:", phrase)
        // The same input on stdin.
        try await cli.run(["add-expense", "--batch", "-"], stdin: text).expectError(65, "batch line 4:", phrase)
        #expect(try await cli.snapshot() == before)
        #expect(try await cli.expenses().compactMap { $0["description"].string } == ["Existing"])
    }

    @Test("a 200-line batch is stored whole")
    func twoHundredLines() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let lines = (1...200).map { index in
            #"{"description":"Item \#(index)","amount":\#(index),"paidBy":"\#(["Alex", "Bea", "Chen", "Dana"][index % 4])","date":"2025-01-\#(String(format: "%02d", index % 28 + 1))"}"#
        }
        try cli.write("big.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try await cli.ok("add-expense", "--batch", "big.jsonl")
        #expect(result.stdout == "Added 200 expenses to Tokyo Trip.\n")
        let all = try await cli.expenses()
        #expect(all.count == 200)
        #expect(Set(all.compactMap { $0["description"].string }).count == 200)
        let total = all.compactMap { $0["amount"].int }.reduce(0, +)
        #expect(total == 200 * 201 / 2)
        let dates = all.compactMap { $0["expenseDate"].string }
        #expect(dates == dates.sorted(by: >))
        let summary = try await cli.json("summary")
        #expect(summary["currencies"][0]["total"].int == 20100)
        #expect(summary["currencies"][0]["expenses"].int == 200)
        // One log entry for the whole batch.
        let log = try await cli.json("log")
        #expect(log["activity"][0]["summary"].string == "added 200 expenses")
    }

    @Test("a missing batch file exits 66")
    func missingFile() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.run("add-expense", "--batch", "nope.jsonl").expectError(66, "cannot read batch file nope.jsonl")
        try await cli.run("add-expense", "--batch", cli.directory.path).expectError(66, "cannot read batch file")
        #expect(try await cli.expenseCount() == 0)
    }

    @Test("an empty batch, or a batch with other arguments, is refused")
    func emptyOrMixed() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try cli.write("empty.jsonl", "\n  \n")
        try await cli.run("add-expense", "--batch", "empty.jsonl").expectError(65, "no expenses")
        try await cli.run(["add-expense", "--batch", "-"], stdin: "").expectError(65, "no expenses")
        try cli.write("one.jsonl", #"{"description":"One","amount":100,"paidBy":"Alex"}"#)
        try await cli.run("add-expense", "Dinner", "100", "--batch", "one.jsonl").expectUsageError("--batch takes every field from the file")
        try await cli.run("add-expense", "--batch", "one.jsonl", "--paid-by", "Alex").expectUsageError("--batch")
        #expect(try await cli.expenseCount() == 0)
    }
}
