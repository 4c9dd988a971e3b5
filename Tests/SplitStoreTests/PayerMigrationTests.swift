import Foundation
import GRDB
import SplitCore
import Testing
@testable import SplitStore

/// A database made before several payers (schema v5, one `paid_by` per expense) opens as v6:
/// every expense becomes one payer's rows, nothing is lost, and the kept totals still match.
@Suite("Schema v6: payers")
struct PayerMigrationTests {
    @Test func aVersionFiveDatabaseKeepsEveryExpenseWithItsPayer() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("split-v5-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let ids = (trip: "11111111-1111-1111-1111-111111111111",
                   members: ["aaaaaaaa-0000-0000-0000-000000000001", "aaaaaaaa-0000-0000-0000-000000000002",
                             "aaaaaaaa-0000-0000-0000-000000000003"],
                   expenses: ["eeeeeeee-0000-0000-0000-000000000001", "eeeeeeee-0000-0000-0000-000000000002"])
        do {
            // Exactly what split wrote before this change: the first five migrations, then rows.
            let queue = try DatabaseQueue(path: file)
            try await queue.write { db in
                try SchemaMigrator(migrations: Array(SplitDatabase.migrator.migrations.prefix(5))).migrate(db, from: 0)
                try db.execute(sql: "INSERT INTO trip VALUES (?, 'Old', 'old', 'EUR', '2025-01-01T00:00:00.000Z')", arguments: [ids.trip])
                for (index, member) in ids.members.enumerated() {
                    try db.execute(sql: "INSERT INTO member VALUES (?, ?, ?, ?, '2025-01-01T00:00:00.000Z', NULL)",
                                   arguments: [member, ids.trip, "M\(index)", "m\(index)"])
                }
                for (index, expense) in ids.expenses.enumerated() {
                    try db.execute(sql: """
                        INSERT INTO expense (id, trip_id, description, amount, currency, category, paid_by, expense_date, note, created_at, updated_at)
                        VALUES (?, ?, ?, 9000, 'EUR', 'Meal', ?, '2025-01-02', NULL, '2025-01-02T00:00:00.000Z', '2025-01-02T00:00:00.000Z')
                        """, arguments: [expense, ids.trip, "E\(index)", ids.members[index]])
                    for member in ids.members {
                        try db.execute(sql: "INSERT INTO expense_split (expense_id, member_id, amount, is_paid) VALUES (?, ?, 3000, ?)",
                                       arguments: [expense, member, member == ids.members[2] ? 1 : 0])
                    }
                }
                #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 5)
            }
        }
        let backend = LocalBackend(database: try SplitDatabase(path: file))
        let trip = TripID(ids.trip)
        let expenses = try await backend.expenses(trip: trip, filter: .all).sorted { $0.description < $1.description }
        #expect(expenses.map(\.payers) == [[ExpensePayer(memberID: MemberID(ids.members[0]), amount: 9000)],
                                           [ExpensePayer(memberID: MemberID(ids.members[1]), amount: 9000)]])
        #expect(expenses.allSatisfy { $0.splits.map(\.amount) == [3000, 3000, 3000] })
        #expect(expenses.allSatisfy { $0.splits.filter(\.isPaid).map(\.memberID) == [MemberID(ids.members[2])] })
        let stored = try await backend.balances(trip: trip)
        let recomputed = try BalanceCalculator.balances(members: ids.members.map(MemberID.init), expenses: expenses, payments: [])
        #expect(stored == recomputed)
        #expect(stored.first?.balances.map(\.totalPaid) == [9000, 9000, 0])

        // The migrated triggers keep the totals: a second payer added by an edit.
        var edited = expenses[0]
        edited.payers = [ExpensePayer(memberID: MemberID(ids.members[0]), amount: 5000),
                         ExpensePayer(memberID: MemberID(ids.members[2]), amount: 4000)]
        try await backend.replaceExpense(edited, trip: trip, at: Timestamp(millisecondsSince1970: 1_800_000_000_000))
        let after = try await backend.expenses(trip: trip, filter: .all)
        #expect(try await backend.balances(trip: trip)
                == BalanceCalculator.balances(members: ids.members.map(MemberID.init), expenses: after, payments: []))
    }
}
