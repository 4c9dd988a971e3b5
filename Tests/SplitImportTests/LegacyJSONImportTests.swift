import Foundation
import SplitCore
import SplitImport
import SplitStore
import Testing

@Suite("import: the iOS app's legacy JSON")
struct LegacyJSONImportTests {
    static let document = """
    {
      "BudgetSplitter_members": [
        {"id": "A", "name": "Alex", "joinedAt": "2025-01-01T00:00:00Z"},
        {"id": "B", "name": "Bea"},
        {"id": "C", "name": "Chen"}
      ],
      "BudgetSplitter_expenses": [
        {"id": "e1", "description": "Museum", "amount": 10, "category": "Tickets", "currency": "USD",
         "paidByMemberId": "A", "date": "2025-03-01T09:15:00Z", "splitMemberIds": ["A", "B", "C"], "splits": {}},
        {"id": "e2", "description": "Brunch", "amount": 45.5, "category": "Brunch", "currency": "USD",
         "paidByMemberId": "B", "date": "2025-03-02T11:00:00.5Z", "splitMemberIds": ["A", "B"],
         "splits": {"A": 22.75, "B": 22.75}},
        {"id": "e3", "description": "Snacks", "amount": 7, "category": "Meal", "currency": "USD",
         "paidByMemberId": "C", "date": "2025-03-03", "splitMemberIds": ["A", "B", "C"],
         "splits": {"A": 2.34, "B": 2.34, "C": 2.34}, "payerEarned": 0.02}
      ],
      "BudgetSplitter_settlementPayments": "[{\\"id\\":\\"p1\\",\\"debtorId\\":\\"B\\",\\"creditorId\\":\\"A\\",\\"amount\\":3.33,\\"date\\":762480000}]",
      "BudgetSplitter_paidExpenseMarks": [{"debtorId": "C", "creditorId": "A", "expenseId": "e1"}]
    }
    """

    @Test("members, equal and exact splits, payer_earned, payments stored as strings, and paid marks")
    func imports() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let path = try sandbox.write("exsplitter-backup.json", Self.document)
        let (plan, summary) = try sandbox.importFile(path)
        #expect(summary.trips.map(\.name) == ["exsplitter-backup"])
        #expect(summary.trips[0].expensesAdded == 3 && summary.trips[0].paymentsAdded == 1)
        #expect(summary.trips[0].totals == ["USD": 1000 + 4550 + 702])

        let trip = try await sandbox.backend.trip(matching: "exsplitter-backup")
        let expenses = try await sandbox.backend.expenses(trip: trip.id, filter: .all)
        // An empty splits map is an equal split, repaired to the cent by largest remainder.
        let museum = try #require(expenses.first { $0.description == "Museum" })
        #expect(museum.splits.map(\.amount).sorted() == [333, 333, 334] && museum.category == .tickets)
        #expect(museum.splits.filter(\.isPaid).count == 1)
        let snacks = try #require(expenses.first { $0.description == "Snacks" })
        #expect(snacks.amount.minorUnits == 702 && snacks.date.description == "2025-03-03")
        // Museum: Alex paid 10.00, share 3.34 (first share takes the cent), Chen paid back 3.33.
        // Brunch: Bea paid 45.50 for Alex and herself. Snacks: Chen paid 7.02, 2.34 each.
        // Payment: Bea paid Alex 3.33.
        // Alex: 1000 paid − 2843 shares − 666 received; Bea: 4550 − 2842 + 333 made; Chen: 702 − 567 + 333.
        let expected: [String: [String: Int64]] = ["USD": ["Alex": -2509, "Bea": 2041, "Chen": 468]]
        #expect(try await sandbox.nets("exsplitter-backup") == expected)
        #expect(plan.warnings.contains("categories kept as the trip's own: 'Brunch' (1)"))
        #expect(plan.warnings.contains { $0.contains("'Museum'") && $0.contains("repaired") })
    }

    @Test("a wrong field names its JSON path, and nothing is imported", arguments: [
        (#""amount": 10, "category": "Tickets""#, #""amount": "10", "category": "Tickets""#, "BudgetSplitter_expenses[0].amount: must be a number, got string"),
        (#""category": "Tickets", "currency": "USD""#, #""category": "Tickets", "currency": "ABC""#, "BudgetSplitter_expenses[0].currency: unknown currency 'ABC'"),
        (#""splits": {"A": 22.75, "B": 22.75}"#, #""splits": {"A": 22.75, "Z": 22.75}"#, "BudgetSplitter_expenses[1]: names member 'Z', who is not in the file"),
        (#""date": "2025-03-03""#, #""date": 3"#, "BudgetSplitter_expenses[2].date: must be a string, got number"),
    ])
    func badField(_ original: String, _ replacement: String, _ message: String) throws {
        #expect(Self.document.contains(original))
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let path = try sandbox.write("bad.json", Self.document.replacingOccurrences(of: original, with: replacement))
        let error = #expect(throws: ImportError.self) { try sandbox.importFile(path) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
        #expect(try sandbox.count("expense") == 0 && sandbox.count("trip") == 0)
    }

    @Test("malformed JSON is reported with its line and column")
    func malformed() throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let path = try sandbox.write("broken.json", "{\"BudgetSplitter_members\": [\n  {\"id\": \"A\",, \"name\": \"Alex\"}]}")
        let error = #expect(throws: ImportError.self) { try sandbox.importFile(path) }
        #expect(error?.message.contains("line 2, column") == true, "\(error?.message ?? "no error")")
    }
}
