import Foundation
import Testing

/// Issue 25, part B: finding expenses. `expenses --search`, expenses named by a 4+ character
/// id prefix or their description, `log` with ids and an edit's changes, and the note on an
/// expense that repeats one just added.
@Suite("finding expenses")
struct FindingExpensesTests {
    /// Lisbon in USD with Ann and Ben: "Café au lait" (Meal), "Taxi" with a note naming the
    /// café, "Crème brûlée" (Meal).
    private func lisbon() async throws -> CLI {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "USD")
        try await cli.ok("member", "add", "Ann", "Ben")
        try await cli.ok("add-expense", "Café au lait", "4.50", "--paid-by", "Ann", "--category", "Meal")
        try await cli.ok("add-expense", "Taxi", "30", "--paid-by", "Ben", "--note", "from the CAFE")
        try await cli.ok("add-expense", "Crème brûlée", "6", "--paid-by", "Ann", "--category", "Meal")
        return cli
    }

    @Test("--search matches description and note, ignoring case and accents, with the other filters")
    func search() async throws {
        let cli = try await lisbon()
        func found(_ extra: String...) async throws -> Set<String> {
            Set(try await cli.expenses(["--search"] + extra).compactMap { $0["description"].string })
        }
        #expect(try await found("cafe") == ["Café au lait", "Taxi"])
        #expect(try await found("CRE\u{300}ME BRULEE") == ["Crème brûlée"])
        #expect(try await found("café", "--category", "Meal") == ["Café au lait"])
        #expect(try await cli.ok("expenses", "--search", "zzz").stdout == "No expenses match. Add one with: split add-expense DESCRIPTION AMOUNT --paid-by NAME\n")
        try await cli.run("expenses", "--search", " ").expectError(65, "--search needs text to look for")
    }

    @Test("an expense is named by a 4+ character id prefix or its whole description, any case and accents")
    func named() async throws {
        let cli = try await lisbon()
        let taxi = try await cli.expenseID("Taxi")
        #expect(try await cli.json("expense", "show", String(taxi.prefix(4)))["expense"]["id"].string == taxi)
        try await cli.ok("expense", "edit", "cafe au LAIT", "--amount", "5")
        try await cli.ok("mark-paid", "creme brulee", "--member", "Ben")
        let stored = try await cli.expenses()
        #expect(stored.first { $0["description"].string == "Café au lait" }?["amount"].double == 5)
    }

    @Test("an ambiguous or unknown reference lists the candidates or says how to list them; nothing is written",
          arguments: [
              (["expense", "edit", "Cafe", "--amount", "9"], ["expense 'Cafe' is ambiguous; it matches ", "'Café' USD 12.00",
                                                             "'cafe' USD 8.00", "; give more of the id"]),
              (["expense", "delete", "Lunch"], ["no expense with id or description 'Lunch' in this trip; list them with: split expenses"]),
              (["mark-paid", "abc", "--member", "Ann"],
               ["no expense is described 'abc', and an id prefix needs at least 4 characters; list them with: split expenses"]),
          ])
    func refused(arguments: [String], phrases: [String]) async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "USD")
        try await cli.ok("member", "add", "Ann", "Ben")
        try await cli.ok("add-expense", "Café", "12", "--paid-by", "Ann")
        try await cli.ok("add-expense", "cafe", "8", "--paid-by", "Ben")
        let before = try await cli.writeState()
        try await cli.run(arguments).expectError(65, phrases)
        #expect(try await cli.writeState().text == before.text)
    }

    @Test("log shows each change's id and what an edit changed, in text and JSON")
    func log() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "USD")
        try await cli.ok("member", "add", "Ann", "Ben")
        try await cli.ok("add-expense", "Taxi", "30", "--paid-by", "Ann")
        let taxi = try await cli.expenseID("Taxi")
        try await cli.ok("expense", "edit", "taxi", "--amount", "31", "--category", "Hotel")
        let text = try await cli.ok("log").stdout.split(separator: "\n").map(String.init)
        #expect(text.first?.hasSuffix("  \(taxi.prefix(8))  edited expense 'Taxi': amount USD 30.00 → 31.00; "
                                      + "category Other → Hotel; split Ann 15.00 → 15.50, Ben 15.00 → 15.50") == true, "\(text)")
        #expect(text.dropFirst().first?.contains("  \(taxi.prefix(8))  added expense 'Taxi'") == true, "\(text)")
        let entries = try await cli.json("log")["activity"].array
        #expect(entries.map { $0["ids"].array.count } == [1, 1, 2, 0])
        #expect(entries[0]["ids"].array.first?.string == taxi)
    }

    @Test("an expense that repeats one added in the last 10 minutes is stored with a note naming it",
          arguments: [("2025-01-20T09:09:59Z", true), ("2025-01-20T09:10:01Z", false)])
    func repeated(now: String, noted: Bool) async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "USD")
        try await cli.ok("member", "add", "Ann", "Ben")
        try await cli.ok("add-expense", "Taxi", "30", "--paid-by", "Ann", "--date", "2025-01-20")
        let first = try await cli.expenseID("Taxi")
        let again = try await cli.run(["add-expense", "taxi", "30", "--paid-by", "Ann", "--date", "2025-01-20"],
                                      env: ["SPLIT_NOW": now])
        again.expectOK()
        let note = "split: note: this repeats expense \(first.prefix(8)) ('Taxi' USD 30.00 on 2025-01-20), added 9 minutes ago; "
            + "if it was added twice by mistake, remove this one with: split undo\n"
        #expect(again.stderr == (noted ? note : ""), "\(again)")
        #expect(try await cli.expenseCount() == 2)
    }

    @Test("among expenses of the same amount just added, the repeat is the newest with the same description and payers")
    func repeatAmongSameAmounts() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "USD")
        try await cli.ok("member", "add", "Ann", "Ben")
        try await cli.ok("add-expense", "Taxi", "30", "--paid-by", "Ann", "--date", "2025-01-20")
        let first = try await cli.expenseID("Taxi")
        for (description, payer) in [("Bus", "Ann"), ("Taxi", "Ben"), ("Tram", "Ann"), ("Ferry", "Ann")] {
            try await cli.ok("add-expense", description, "30", "--paid-by", payer, "--date", "2025-01-20")
        }
        let again = try await cli.run(["add-expense", "TAXI", "30", "--paid-by", "Ann", "--date", "2025-01-20"])
        again.expectOK()
        #expect(again.stderr.hasPrefix("split: note: this repeats expense \(first.prefix(8)) ('Taxi' USD 30.00"), "\(again)")
        let other = try await cli.run(["add-expense", "Metro", "30", "--paid-by", "Ann", "--date", "2025-01-20"])
        other.expectOK()
        #expect(other.stderr == "", "\(other)")
        #expect(try await cli.expenseCount() == 7)
    }
}
