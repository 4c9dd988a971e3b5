import Foundation
import Testing

/// `--paid-by` with several payers: exact and equal parts, their output, every refusal with
/// its message and exit code (nothing written), batch objects, edits, undo, and the reports.
@Suite("Several payers")
struct SeveralPayersTests {
    func trip() async throws -> CLI {
        let cli = try CLI()
        try await cli.setUpTokyo()
        return cli
    }

    @Test("exact and equal parts are stored, listed and shown; JSON has payers, and paidBy only for one payer")
    func addAndShow() async throws {
        let cli = try await trip()
        let added = try await cli.ok("add-expense", "Hotel", "50000", "--paid-by", "Bea=20000,Alex=30000")
        #expect(added.stdout.contains("Added Hotel: JPY 50000 paid by Alex 30000, Bea 20000"), "\(added)")
        try await cli.ok("add-expense", "Cab", "1001", "--paid-by", "Chen,Alex,Bea", "--among", "Chen,Dana")
        try await cli.ok("add-expense", "Tea", "900", "--paid-by", "Dana")
        let expenses = try await cli.expenses()
        func payers(_ name: String) -> [String] {
            expenses.first { $0["description"].string == name }?["payers"].array
                .map { "\($0["memberName"].string ?? "?")=\($0["amount"].int ?? -1)" } ?? []
        }
        #expect(payers("Hotel") == ["Alex=30000", "Bea=20000"])
        // 1001 in three equal parts: the remainder goes to the first payer in name order.
        #expect(payers("Cab") == ["Alex=334", "Bea=334", "Chen=333"])
        #expect(payers("Tea") == ["Dana=900"])
        let hotel = try #require(expenses.first { $0["description"].string == "Hotel" })
        #expect(hotel["paidByMemberId"].isNull && hotel["paidByName"].isNull)
        let tea = try #require(expenses.first { $0["description"].string == "Tea" })
        #expect(tea["paidByName"].string == "Dana")
        let list = try await cli.ok("expenses").stdout
        #expect(list.contains("Alex 30000, Bea 20000"), "\(list)")
        let show = try await cli.ok("expense", "show", try await cli.expenseID("Hotel")).stdout
        #expect(show.contains("Paid by Alex 30000, Bea 20000"), "\(show)")
    }

    @Test("each payer's part counts as paid by them in balances, settle, summary and settle --in")
    func reports() async throws {
        let cli = try await trip()
        try await cli.ok("add-expense", "Hotel", "40000", "--paid-by", "Alex=30000,Bea=10000")
        let nets = try await cli.nets()
        // Everyone's share is 10000: Alex +20000, Bea 0, Chen and Dana -10000.
        #expect(nets == ["JPY": ["Alex": 20000, "Bea": 0, "Chen": -10000, "Dana": -10000]])
        let settle = try await cli.json("settle")
        let transfers = settle["settlements"][0]["transfers"].array.map {
            "\($0["fromName"].string ?? "?")>\($0["toName"].string ?? "?")=\($0["amount"].int ?? 0)"
        }
        #expect(Set(transfers) == ["Chen>Alex=10000", "Dana>Alex=10000"], "\(settle)")
        let summary = try await cli.ok("summary").stdout
        #expect(summary.contains("40000"), "\(summary)")
        try await cli.ok("trip", "rate", "USD", "150")
        let converted = try await cli.ok("settle", "--in", "JPY").stdout
        #expect(converted.contains("10000"), "\(converted)")
    }

    @Test("bad payers: one line naming the problem, the right exit code, and nothing written", arguments: [
        (["--paid-by", "Alex=30000,Bea=10000"], Int32(65), "--paid-by amounts sum to 40000, 10000 short of the amount 50000"),
        (["--paid-by", "Alex=30000,Bea=30000"], Int32(65), "10000 over the amount 50000"),
        (["--paid-by", "Alex=25000,alex=25000"], Int32(65), "Alex is named twice in --paid-by"),
        (["--paid-by", "Alex,Alex"], Int32(65), "Alex is named twice in --paid-by"),
        (["--paid-by", "Alex=50000,Zed=0"], Int32(65), "no member 'Zed'"),
        (["--paid-by", "Zed,Alex"], Int32(65), "no member 'Zed'"),
        (["--paid-by", "Alex=50000,Bea=0"], Int32(65), "Bea pays 0; each payer pays a positive amount"),
        (["--paid-by", "Alex=60000,Bea=-10000"], Int32(65), "Bea's amount '-10000' is not a positive amount of JPY"),
        (["--paid-by", "Alex=50000,Bea"], Int32(64), "give every payer an amount"),
        (["--paid-by", "Alex,,Bea"], Int32(64), "--paid-by expects names separated by commas"),
    ])
    func refusals(_ flags: [String], _ code: Int32, _ message: String) async throws {
        let cli = try await trip()
        try await cli.ok("add-expense", "Before", "100", "--paid-by", "Alex")
        let before = try await cli.writeState()
        let result = try await cli.run(["add-expense", "Hotel", "50000"] + flags)
        if code == 64 { result.expectUsageError(message) } else { result.expectError(code, message) }
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
        #expect(try await cli.writeState().text == before.text)
    }

    @Test("a batch line's paidBy may be an object of amounts; a bad one names its line")
    func batch() async throws {
        let cli = try await trip()
        let lines = """
        {"description":"Hotel","amount":50000,"paidBy":{"Alex":30000,"Bea":20000}}
        {"description":"Cab","amount":3000,"paidBy":"Chen,Dana"}
        """
        try await cli.ok("add-expense", "--batch", "-", stdin: lines)
        #expect(try await cli.expenses().map { $0["payers"].array.count }.sorted() == [2, 2])
        let before = try await cli.writeState()
        let bad = """
        {"description":"Ok","amount":100,"paidBy":"Alex"}
        {"description":"Hotel","amount":50000,"paidBy":{"Alex":30000,"Bea":10000}}
        """
        try await cli.run(["add-expense", "--batch", "-"], stdin: bad)
            .expectError(65, "batch line 2: paidBy amounts sum to 40000, 10000 short of the amount 50000")
        try await cli.run(["add-expense", "--batch", "-"], stdin: #"{"description":"X","amount":1,"paidBy":["Alex"]}"#)
            .expectError(65, "field 'paidBy' must be a name or an object of name: amount")
        #expect(try await cli.writeState().text == before.text)
    }

    @Test("expense edit changes the payers; a new amount re-divides equal payers and refuses unequal ones; undo restores")
    func editAndUndo() async throws {
        let cli = try await trip()
        try await cli.ok("add-expense", "Hotel", "50000", "--paid-by", "Alex")
        let id = try await cli.expenseID("Hotel")
        try await cli.ok("expense", "edit", id, "--paid-by", "Alex=10000,Bea=40000")
        func payers() async throws -> [String] {
            try await cli.expenses().first?["payers"].array.map { "\($0["memberName"].string ?? "?")=\($0["amount"].int ?? -1)" } ?? []
        }
        #expect(try await payers() == ["Alex=10000", "Bea=40000"])
        try await cli.run("expense", "edit", id, "--amount", "60000").expectUsageError("the payers paid unequal parts")
        #expect(try await payers() == ["Alex=10000", "Bea=40000"])
        try await cli.ok("expense", "edit", id, "--paid-by", "Alex,Bea")
        try await cli.ok("expense", "edit", id, "--amount", "60001")
        #expect(try await payers() == ["Alex=30001", "Bea=30000"])
        try await cli.ok("undo")
        #expect(try await payers() == ["Alex=25000", "Bea=25000"])
        try await cli.ok("undo")
        #expect(try await payers() == ["Alex=10000", "Bea=40000"])
        try await cli.ok("undo")
        #expect(try await payers() == ["Alex=50000"])
        #expect(try await cli.nets()["JPY"]?["Alex"] == 50000 - 12500)
    }

    @Test("a share of an expense with several payers can be marked paid back: each payer receives their part")
    func markPaid() async throws {
        let cli = try await trip()
        try await cli.ok("add-expense", "Hotel", "40000", "--paid-by", "Alex=30000,Bea=10000")
        try await cli.ok("mark-paid", try await cli.expenseID("Hotel"), "--member", "Chen")
        try await cli.ok("mark-paid", try await cli.expenseID("Hotel"), "--member", "Bea")
        let nets = try await cli.nets()
        #expect(nets["JPY"]?["Chen"] == 0 && nets["JPY"]?["Dana"] == -10000)
        #expect(nets["JPY"]?.values.reduce(0, +) == 0)
    }
}
