import Foundation
import GRDB
import SplitCore
import Testing
@testable import SplitStore

/// A database made by each earlier version of split opens at the newest schema with every
/// row kept, its totals right, and its expenses listed in order through the newest indexes.
@Suite("Schema upgrades from every earlier version")
struct SchemaUpgradeTests {
    private static let trip = "11111111-1111-1111-1111-111111111111"
    private static let members = ["aaaaaaaa-0000-0000-0000-000000000001", "aaaaaaaa-0000-0000-0000-000000000002",
                                  "aaaaaaaa-0000-0000-0000-000000000003"]
    /// Expense `E<n>` is dated `dates[n]` and paid by member n.
    private static let dates = ["2025-01-02", "2025-01-05", "2025-01-09"]

    @Test(arguments: 1..<SplitDatabase.schemaVersion)
    func aDatabaseOfAnEarlierVersionKeepsItsExpensesAndListsThem(version: Int) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("split-v\(version)-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        try await Self.makeDatabase(at: file, version: version)

        let database = try SplitDatabase(path: file)
        let indexes = try await database.queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'expense' ORDER BY name")
        }
        #expect(indexes.contains("expense_listing"))
        #expect(!indexes.contains("expense_trip_date"))
        #expect(try await database.queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == SplitDatabase.schemaVersion)

        let backend = LocalBackend(database: database)
        let trip = TripID(Self.trip)
        func day(_ text: String) -> CivilDate? { CivilDate(parsing: text) }
        func listed(_ filter: ExpenseFilter) async throws -> [String] {
            try await backend.expenses(trip: trip, filter: filter).map(\.description)
        }
        #expect(try await listed(.all) == ["E2", "E1", "E0"])
        #expect(try await listed(ExpenseFilter(until: day("2025-01-05"))) == ["E1", "E0"])
        #expect(try await listed(ExpenseFilter(since: day("2025-01-03"), until: day("2025-01-05"))) == ["E1"])
        #expect(try await listed(ExpenseFilter(since: day("2025-01-05"))) == ["E2", "E1"])

        let expenses = try await backend.expenses(trip: trip, filter: .all)
        #expect(expenses.map { $0.payers.map(\.memberID.rawValue) } == [[Self.members[2]], [Self.members[1]], [Self.members[0]]])
        #expect(expenses.allSatisfy { $0.splits.map(\.amount) == [3000, 3000, 3000] })
        let recomputed = try BalanceCalculator.balances(members: Self.members.map(MemberID.init), expenses: expenses, payments: [])
        #expect(try await backend.balances(trip: trip) == recomputed)
    }

    /// Exactly what split wrote at `version`: its first migrations, then rows in that schema
    /// (`expense_split` gained `payer_id` in version 6).
    private static func makeDatabase(at file: String, version: Int) async throws {
        let queue = try DatabaseQueue(path: file)
        try await queue.write { db in
            try SchemaMigrator(migrations: Array(SplitDatabase.migrator.migrations.prefix(version))).migrate(db, from: 0)
            try db.execute(sql: "INSERT INTO trip VALUES (?, 'Old', 'old', 'EUR', '2025-01-01T00:00:00.000Z')", arguments: [trip])
            for (index, member) in members.enumerated() {
                try db.execute(sql: "INSERT INTO member (id, trip_id, name, name_key, created_at, removed_at) VALUES (?, ?, ?, ?, '2025-01-01T00:00:00.000Z', NULL)",
                               arguments: [member, trip, "M\(index)", "m\(index)"])
            }
            for (index, date) in dates.enumerated() {
                let expense = "eeeeeeee-0000-0000-0000-00000000000\(index)"
                try db.execute(sql: """
                    INSERT INTO expense (id, trip_id, description, amount, currency, category, paid_by, expense_date, note, created_at, updated_at)
                    VALUES (?, ?, ?, 9000, 'EUR', 'Meal', ?, ?, NULL, '2025-01-02T00:00:00.000Z', '2025-01-02T00:00:00.000Z')
                    """, arguments: [expense, trip, "E\(index)", members[index], date])
                for member in members {
                    if version >= 6 {
                        try db.execute(sql: "INSERT INTO expense_split (expense_id, member_id, payer_id, amount) VALUES (?, ?, ?, 3000)",
                                       arguments: [expense, member, members[index]])
                    } else {
                        try db.execute(sql: "INSERT INTO expense_split (expense_id, member_id, amount) VALUES (?, ?, 3000)",
                                       arguments: [expense, member])
                    }
                }
            }
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == version)
        }
    }
}
