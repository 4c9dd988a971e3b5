import Foundation
import SplitCore
import SplitImport
import SplitStore
import Testing

@Suite("import: the iOS app's database")
struct IOSDatabaseImportTests {
    /// Three global members, an event with a fourth, a repaired float split, a payer_earned
    /// expense, a paid mark, and a settlement payment with a waived shortfall.
    static let fullData = [
        """
        INSERT INTO members (id, name, created_at, joined_at) VALUES
          ('m1', 'Alex', '2025-01-01T00:00:00Z', NULL), ('m2', 'Bea', '2025-01-01T00:00:00Z', NULL),
          ('m3', 'Chen', '2025-01-01T00:00:00.250Z', '2025-01-02T00:00:00Z')
        """,
        """
        INSERT INTO events (id, name, created_at, ended_at, member_ids, currencies, members, main_currency, sub_currency,
                            sub_currency_rate, former_members)
        VALUES ('e1', 'Tokyo', '2025-01-03T00:00:00Z', NULL, '["m1","m2"]', '["JPY","USD"]',
                '[{"id":"m1","name":"Alex","joinedAt":757382400},{"id":"m4","name":"Dana"}]', 'JPY', 'USD', 150.5,
                '[{"id":"m3","name":"Chen"}]')
        """,
        """
        INSERT INTO expenses (id, description, amount, currency, category, paid_by_member_id, expense_date, created_at,
                              payer_earned, event_id) VALUES
          ('x1', 'Dinner', 100.0, 'USD', 'Meal', 'm1', '2025-01-20T12:30:00.123Z', '2025-01-20T12:30:00Z', NULL, NULL),
          ('x2', 'Ramen', 3000, 'JPY', 'Food', 'm2', '2025-01-21', NULL, NULL, 'e1'),
          ('x3', 'Taxi', 10.0, 'USD', 'Transport', 'm1', '2025-01-22T08:00:00Z', NULL, 0.02, NULL)
        """,
        """
        INSERT INTO expense_splits (id, expense_id, member_id, amount) VALUES
          ('s1', 'x1', 'm1', 33.33), ('s2', 'x1', 'm2', 33.33), ('s3', 'x1', 'm3', 33.33),
          ('s4', 'x2', 'm1', 1000), ('s5', 'x2', 'm2', 1000), ('s6', 'x2', 'm4', 1000),
          ('s7', 'x3', 'm1', 3.34), ('s8', 'x3', 'm2', 3.34), ('s9', 'x3', 'm3', 3.34)
        """,
        """
        INSERT INTO key_value (key, value) VALUES
          ('BudgetSplitter_paidExpenseMarks', CAST('[{"debtorId":"m2","creditorId":"m1","expenseId":"x1"}]' AS BLOB)),
          ('BudgetSplitter_settlementPayments', CAST('[{"id":"p1","debtorId":"m3","creditorId":"m1","amount":20,
            "date":757382400,"amountReceived":20,"amountTreatedByMe":13.33,"paymentForExpenseIds":["x1"],"note":"cash"}]' AS BLOB))
        """,
    ]

    @Test("events become trips with members, currency and rate; the rest a trip named after the file")
    func fullSchema() async throws {
        let fixture = try AppDatabaseFixture()
        defer { fixture.remove() }
        try fixture.make(.current, statements: Self.fullData)
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let (plan, summary) = try sandbox.importFile(fixture.path)

        #expect(summary.trips.map(\.name) == ["Tokyo", "budget_splitter_local"])
        let tokyo = try await sandbox.backend.trip(matching: "Tokyo")
        #expect(tokyo.currency.code == "JPY")
        #expect(try await sandbox.backend.rates(trip: tokyo.id)["USD"]?.text == "150.5")
        #expect(Set(try await sandbox.backend.members(trip: tokyo.id).map(\.name)) == ["Alex", "Bea", "Chen", "Dana"])
        #expect(try await sandbox.nets("Tokyo") == ["JPY": ["Alex": -1000, "Bea": 2000, "Chen": 0, "Dana": -1000]])

        // Dinner repaired to 100.00 (+0.01 to the first share), Bea's share paid back, the
        // Taxi imported at 10.02, and Chen's 20 paid plus 13.33 waived.
        #expect(try await sandbox.nets("budget_splitter_local") == ["USD": ["Alex": 668, "Bea": -334, "Chen": -334]])
        let file = try await sandbox.backend.trip(matching: "budget_splitter_local")
        let expenses = try await sandbox.backend.expenses(trip: file.id, filter: .all)
        let dinner = try #require(expenses.first { $0.description == "Dinner" })
        #expect(dinner.splits.map(\.amount).sorted() == [3333, 3333, 3334])
        #expect(dinner.date.description == "2025-01-20")
        let taxi = try #require(expenses.first { $0.description == "Taxi" })
        #expect(taxi.amount.minorUnits == 1002 && taxi.splits.allSatisfy { $0.amount == 334 })
        #expect(taxi.note?.contains("payer_earned") == true)
        let payments = try await sandbox.backend.payments(trip: file.id)
        #expect(payments.map(\.amount.minorUnits).sorted() == [1333, 2000])
        #expect(payments.contains { $0.note == "waived" } && payments.contains { $0.note == "cash; received USD 20.00" })
        #expect(payments.allSatisfy { $0.date.description == "2025-01-01" })

        #expect(plan.warnings.contains("categories kept as the trip's own: 'Food' (1)"))
        #expect(plan.warnings.contains { $0.contains("'Dinner'") && $0.contains("repaired: +0.01 to 'm1'") })
        #expect(plan.warnings.contains { $0.contains("'Taxi'") && $0.contains("payer_earned USD 0.02") })
    }

    /// Every combination an older app version may have written: each later column or table absent.
    static let subsets: [AppDatabaseFixture.Schema] = {
        var result: [AppDatabaseFixture.Schema] = [.current]
        for key in [\AppDatabaseFixture.Schema.eventID, \.joinedAt, \.eventCurrencies, \.formerMembers, \.payerEarned,
                    \.events, \.keyValue] {
            var schema = AppDatabaseFixture.Schema.current
            schema[keyPath: key] = false
            result.append(schema)
        }
        result.append(AppDatabaseFixture.Schema(eventID: false, joinedAt: false, eventCurrencies: false, formerMembers: false,
                                                payerEarned: false, events: false, keyValue: false))
        result.append(AppDatabaseFixture.Schema(eventID: false, joinedAt: false, eventCurrencies: false, formerMembers: false,
                                                payerEarned: false, events: true, keyValue: true))
        return result
    }()

    @Test("every old-schema subset imports", arguments: subsets)
    func oldSchemas(_ schema: AppDatabaseFixture.Schema) async throws {
        let fixture = try AppDatabaseFixture()
        defer { fixture.remove() }
        var statements = [
            "INSERT INTO members (id, name, created_at) VALUES ('m1', 'Alex', '2025-01-01'), ('m2', 'Bea', '2025-01-01')",
            """
            INSERT INTO expenses (id, description, amount, currency, category, paid_by_member_id, expense_date, created_at)
            VALUES ('x1', 'Hotel', 200.5, 'EUR', 'Hotel', 'm1', '2025-02-01T10:00:00Z', '2025-02-01T10:00:00Z')
            """,
            "INSERT INTO expense_splits (id, expense_id, member_id, amount) VALUES ('s1', 'x1', 'm1', 100.25), ('s2', 'x1', 'm2', 100.25)",
        ]
        if schema.events {
            statements.append("INSERT INTO events (id, name, created_at, member_ids, members) VALUES ('e1', 'Lisbon', '2025-02-01', '[\"m1\",\"m2\"]', NULL)")
        }
        if schema.events && schema.eventID {
            statements.append("UPDATE expenses SET event_id = 'e1'")
        }
        if schema.keyValue {
            statements.append("""
                INSERT INTO key_value VALUES ('BudgetSplitter_paidExpenseMarks', '[{"debtorId":"m2","creditorId":"m1","expenseId":"x1"}]')
                """)
        }
        try fixture.make(schema, statements: statements)
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let (_, summary) = try sandbox.importFile(fixture.path)

        let expenseTrip = schema.events && schema.eventID ? "Lisbon" : "budget_splitter_local"
        var expected = [expenseTrip]
        if schema.events && !schema.eventID { expected.insert("Lisbon", at: 0) }
        #expect(summary.trips.map(\.name) == expected)
        #expect(summary.trips.reduce(0) { $0 + $1.expensesAdded } == 1)
        let bea: Int64 = schema.keyValue ? 0 : -10025
        #expect(try await sandbox.nets(expenseTrip) == ["EUR": ["Alex": -bea, "Bea": bea]])
        #expect(try await sandbox.backend.trip(matching: expenseTrip).currency.code == "EUR")
    }

    @Test("importing the same database twice adds nothing the second time")
    func twice() async throws {
        let fixture = try AppDatabaseFixture()
        defer { fixture.remove() }
        try fixture.make(.current, statements: Self.fullData)
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        try sandbox.importFile(fixture.path)
        let before = (try sandbox.count("expense"), try sandbox.count("payment"), try sandbox.count("member"), try sandbox.count("trip"))
        let (_, again) = try sandbox.importFile(fixture.path)
        #expect(again.addedNothing)
        #expect(again.trips.reduce(0) { $0 + $1.expensesSkipped } == 3)
        #expect(again.trips.reduce(0) { $0 + $1.paymentsSkipped } == 2)
        #expect((try sandbox.count("expense"), try sandbox.count("payment"), try sandbox.count("member"), try sandbox.count("trip")) == before)

        // The same file under another name is still the same data: no new, empty trip.
        let copy = fixture.directory.appendingPathComponent("renamed.db").path
        try FileManager.default.copyItem(atPath: fixture.path, toPath: copy)
        let (_, renamed) = try sandbox.importFile(copy)
        #expect(renamed.addedNothing)
        #expect(try sandbox.count("trip") == before.3)
    }

    @Test("bad data names its row and field, and nothing is imported", arguments: [
        ("UPDATE expenses SET currency = 'XYZ' WHERE id = 'x3'", "expenses row id=x3, column currency: unknown currency 'XYZ'"),
        ("UPDATE expense_splits SET member_id = 'ghost' WHERE id = 's8'", "expenses row id=x3: names member 'ghost', who is not in the file"),
        ("UPDATE expenses SET amount = 'ten' WHERE id = 'x1'", "expenses row id=x1, column amount: 'ten' is not a number"),
        ("UPDATE expenses SET amount = -5 WHERE id = 'x1'", "expenses row id=x1, column amount: must be more than zero"),
        ("UPDATE expenses SET expense_date = 'soon' WHERE id = 'x2'", "expenses row id=x2, column expense_date: 'soon' is not a date"),
        ("UPDATE expense_splits SET expense_id = 'x9' WHERE id = 's1'", "a split names expense 'x9'"),
        ("UPDATE key_value SET value = '[{' WHERE key = 'BudgetSplitter_paidExpenseMarks'", "key_value 'BudgetSplitter_paidExpenseMarks': is not valid JSON"),
    ])
    func badData(_ change: String, _ message: String) throws {
        let fixture = try AppDatabaseFixture()
        defer { fixture.remove() }
        try fixture.make(.current, statements: Self.fullData + [change])
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let error = #expect(throws: ImportError.self) { try sandbox.importFile(fixture.path) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
        #expect(try sandbox.count("trip") == 0 && sandbox.count("expense") == 0)
    }

    @Test("an SQLite file that is not the app's is refused with what is missing")
    func notTheApp() throws {
        let fixture = try AppDatabaseFixture(name: "other.db")
        defer { fixture.remove() }
        try GRDBFixture.makeOther(at: fixture.path)
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let error = #expect(throws: ImportError.self) { try sandbox.importFile(fixture.path) }
        #expect(error?.message.contains("has no 'members' table, so it is not the iOS app's database") == true)
    }
}
