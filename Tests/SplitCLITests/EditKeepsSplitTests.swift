import Foundation
import SplitTestSupport
import Testing

/// An edit of the amount divides the expense again as its split was given: equally among the
/// same members, by the same percentages or shares; exact amounts must be given again.
@Suite("Edits keep their split")
struct EditKeepsSplitTests {
    private func shares(_ expense: JSON) -> [String: Double] {
        var result: [String: Double] = [:]
        for split in expense["splits"].array { result[split["memberName"].string ?? "?"] = split["amount"].double }
        return result
    }

    @Test("each way of splitting, edited to a new amount",
          arguments: [
              (["--shares", "Alex=2,Bea=1"], "shares Alex 2, Bea 1", ["Alex": 12.67, "Bea": 6.33]),
              (["--percent", "Alex=50,Bea=25,Chen=25"], "percent Alex 50%, Bea 25%, Chen 25%", ["Alex": 9.5, "Bea": 4.75, "Chen": 4.75]),
              (["--among", "Alex,Chen"], "equal among Alex, Chen", ["Alex": 9.5, "Chen": 9.5]),
              ([], "equal among Alex, Bea, Chen", ["Alex": 6.34, "Bea": 6.33, "Chen": 6.33]),
          ])
    func amountEdits(flags: [String], words: String, expected: [String: Double]) async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "EUR")
        try await cli.ok("member", "add", "Alex", "Bea", "Chen")
        try await cli.ok(["add-expense", "Dinner", "30", "--paid-by", "Alex"] + flags)
        let id = String(try await cli.expenseID("Dinner").prefix(8))
        let edited = try await cli.ok("expense", "edit", id, "--amount", "19").stdout
        #expect(edited.contains("Split: \(words)\n"), "\(edited)")
        let shown = try await cli.json("expense", "show", id)
        #expect(shares(shown["expense"]) == expected)
        #expect(shown["splitGiven"]["mode"].string == words.components(separatedBy: " ")[0])
        // A second edit divides the same way again: the rule is kept with the new amount.
        try await cli.ok("expense", "edit", id, "--amount", "30")
        #expect(try await cli.ok("expense", "show", id).stdout.contains("Split: \(words)\n"))
    }

    @Test("exact amounts, and payers who paid unequal parts, must be given again; nothing is written")
    func exactMustBeGivenAgain() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "EUR")
        try await cli.ok("member", "add", "Alex", "Bea", "Chen")
        try await cli.ok("add-expense", "Taxi", "10", "--paid-by", "Bea", "--exact", "Alex=5,Bea=5")
        try await cli.ok("add-expense", "Hotel", "90", "--paid-by", "Alex=60,Bea=30", "--shares", "Alex=1,Bea=1,Chen=1")
        try await cli.ok("add-expense", "Boat", "90", "--paid-by", "Alex,Bea", "--shares", "Alex=1,Bea=2")
        let before = try await cli.writeState().text
        try await cli.run("expense", "edit", String(try await cli.expenseID("Taxi").prefix(8)), "--amount", "12")
            .expectError(64, "the old split was exact amounts; give the new split with --exact")
        try await cli.run("expense", "edit", String(try await cli.expenseID("Hotel").prefix(8)), "--amount", "99")
            .expectError(64, "payers paid unequal parts")
        #expect(try await cli.writeState().text == before)
        // Equal payers are divided again, and the shares by their weights.
        let boat = String(try await cli.expenseID("Boat").prefix(8))
        let edited = try await cli.json("expense", "edit", boat, "--amount", "60")["expense"]
        #expect(edited["payers"].array.map { $0["amount"].double } == [30, 30])
        #expect(shares(edited) == ["Alex": 20, "Bea": 40])
    }

    @Test("undo of an edit puts back the split as given; a new split replaces it")
    func undoAndReplace() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "EUR")
        try await cli.ok("member", "add", "Alex", "Bea", "Chen")
        try await cli.ok("add-expense", "Dinner", "30", "--paid-by", "Alex", "--shares", "Alex=2,Bea=1")
        let id = String(try await cli.expenseID("Dinner").prefix(8))
        try await cli.ok("expense", "edit", id, "--exact", "Alex=10,Bea=10,Chen=10")
        #expect(try await cli.ok("expense", "show", id).stdout.contains("Split: exact amounts\n"))
        try await cli.ok("undo")
        #expect(try await cli.ok("expense", "show", id).stdout.contains("Split: shares Alex 2, Bea 1\n"))
        try await cli.ok("expense", "edit", id, "--amount", "60")
        #expect(shares(try await cli.json("expense", "show", id)["expense"]) == ["Alex": 40, "Bea": 20])
    }
}
