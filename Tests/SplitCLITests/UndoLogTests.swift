import Foundation
import Testing

/// A change to make and undo, named for the test report.
struct UndoCase: Sendable, CustomStringConvertible {
    let name: String
    /// The log action the change records.
    let action: String
    /// The command, with `{ID}` replaced by the Dinner expense's id prefix.
    let arguments: [String]
    let stdin: String?

    init(_ name: String, _ action: String, _ arguments: [String], stdin: String? = nil) {
        self.name = name
        self.action = action
        self.arguments = arguments
        self.stdin = stdin
    }

    var description: String { name }
}

@Suite("split undo and split log")
struct UndoLogTests {
    static let cases: [UndoCase] = [
        UndoCase("add", "expense.add", ["add-expense", "Taxi", "3000", "--paid-by", "Bea", "--among", "Bea,Chen"]),
        UndoCase("edit", "expense.edit", ["expense", "edit", "{ID}", "--amount", "9000", "--paid-by", "Chen",
                                         "--description", "Supper", "--note", "changed"]),
        UndoCase("edit split", "expense.edit", ["expense", "edit", "{ID}", "--exact", "Alex=6000,Bea=6000"]),
        UndoCase("delete", "expense.delete", ["expense", "delete", "{ID}"]),
        UndoCase("pay", "payment.add", ["pay", "Bea", "Alex", "3000"]),
        UndoCase("mark-paid", "share.paid", ["mark-paid", "{ID}", "--member", "Chen"]),
        UndoCase("mark unpaid", "share.unpaid", ["mark-paid", "{ID}", "--member", "Dana", "--unpaid"]),
        UndoCase("member add", "member.add", ["member", "add", "Eve", "Finn"]),
        UndoCase("member rename", "member.rename", ["member", "rename", "Alex", "Alexandra"]),
        UndoCase("member remove", "member.remove", ["member", "remove", "Gus"]),
        UndoCase("batch", "expense.add", ["add-expense", "--batch", "-"], stdin: """
            {"description":"B1","amount":100,"paidBy":"Alex"}
            {"description":"B2","amount":200,"paidBy":"Bea","among":["Bea","Dana"]}
            {"description":"B3","amount":"1.25","currency":"EUR","paidBy":"Chen"}
            """),
        UndoCase("rate", "rate.set", ["trip", "rate", "USD", "151"]),
        UndoCase("trip rename", "trip.rename", ["trip", "rename", "Tokyo Trip", "Japan"]),
    ]

    @Test("undo restores exactly what a change altered", arguments: cases)
    func undoRestores(_ change: UndoCase) async throws {
        let cli = try CLI()
        try await cli.setUpTokyo(members: ["Alex", "Bea", "Chen", "Dana", "Gus"])
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex", "--among", "Alex,Bea,Chen,Dana")
        try await cli.ok("trip", "rate", "USD", "150.25")
        let id = String(try await cli.expenseID("Dinner").prefix(8))
        try await cli.ok("mark-paid", id, "--member", "Dana")
        let before = try await cli.snapshot()

        let arguments = change.arguments.map { $0 == "{ID}" ? id : $0 }
        let result = try await cli.run(arguments, stdin: change.stdin)
        result.expectSuccess()
        #expect(try await cli.snapshot() != before, "the change should be visible")

        let undone = try await cli.json("undo")
        #expect(undone["undone"]["action"].string == change.action)
        #expect(try await cli.snapshot() == before)

        // The log keeps the entry, marked undone.
        let entry = try await cli.json("log")["activity"][0]
        #expect(entry["action"].string == change.action)
        #expect(entry["undone"].bool == true)
    }

    @Test("undo prints what it reverted and walks back one change at a time")
    func undoSequence() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let empty = try await cli.snapshot()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        let afterDinner = try await cli.snapshot()
        try await cli.ok("pay", "Bea", "Alex", "3000")

        #expect(try await cli.ok("undo").stdout == "Undid: Bea paid Alex JPY 3000\n")
        #expect(try await cli.snapshot() == afterDinner)
        #expect(try await cli.ok("undo").stdout == "Undid: added expense 'Dinner' JPY 12000 paid by Alex\n")
        #expect(try await cli.snapshot() == empty)
        #expect(try await cli.ok("undo").stdout == "Undid: added members Alex, Bea, Chen, Dana\n")
        #expect(try await cli.json("member", "list")["members"].count == 0)

        // Only the trip's creation is left, and it cannot be undone.
        try await cli.run("undo").expectError(65, "cannot undo", "oldest change", "split trip delete")
        try await cli.run("undo", "--json").expectError(65, "cannot undo")
        #expect(try await cli.json("trip", "list")["trips"].count == 1)
    }

    @Test("undo is per trip")
    func undoPerTrip() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try await cli.ok("trip", "create", "Paris", "--currency", "EUR")
        try await cli.ok("member", "add", "Zoe")
        try await cli.ok("undo", "--trip", "Tokyo Trip")
        #expect(try await cli.expenses(["--trip", "Tokyo Trip"]).isEmpty)
        #expect(try await cli.json("member", "list")["members"].array.compactMap { $0["name"].string } == ["Zoe"])
    }

    @Test("log lists changes newest first, marks undone ones, honours --limit")
    func log() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try await cli.ok("pay", "Bea", "Alex", "3000")
        try await cli.ok("undo")

        // Each line shows the id the change touched (a payment, an expense, the first member);
        // creating the trip touches none.
        let json = try await cli.json("log", "--limit", "2")
        let payment = try #require(json["activity"].array.first?["ids"].array.first?.string)
        let dinner = try await cli.expenseID("Dinner")
        let alex = try #require(try await cli.json("member", "list")["members"].array.first?["id"].string)
        let text = try await cli.ok("log").stdout
        #expect(text == """
            2025-01-20 09:00:00  \(payment.prefix(8))  Bea paid Alex JPY 3000  (undone)
            2025-01-20 09:00:00  \(dinner.prefix(8))  added expense 'Dinner' JPY 12000 paid by Alex
            2025-01-20 09:00:00  \(alex.prefix(8))  added members Alex, Bea, Chen, Dana
            2025-01-20 09:00:00            created trip 'Tokyo Trip' (JPY)

            """)
        #expect(json["trip"]["name"].string == "Tokyo Trip")
        let activity = json["activity"].array
        #expect(activity.count == 2)
        #expect(activity[0].keys == ["seq", "at", "action", "summary", "undone", "ids"])
        #expect(activity[0]["action"].string == "payment.add")
        #expect(activity[0]["undone"].bool == true)
        #expect(activity[0]["at"].string == "2025-01-20T09:00:00.000Z")
        #expect(activity[1]["action"].string == "expense.add")
        #expect(activity[1]["undone"].bool == false)
        #expect((activity[0]["seq"].int ?? 0) > (activity[1]["seq"].int ?? 0))
    }
}
