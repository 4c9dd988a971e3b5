import Foundation
import PostgresNIO
import SplitAPI
@testable import SplitServer
import Testing

/// A database made by the Node server's schema.sql, with its data, is upgraded in place.
@Suite("split-server upgrade of a budget_splitter_web database", .serialized)
struct UpgradeTests {
    @Test("migrations keep every row, bcrypt hashes still log in, and the old session token still works")
    func upgradesInPlace() async throws {
        let settings = try await TestCluster.freshDatabase()
        try await TestCluster.load(sqlFile: TestCluster.fixture("node-schema.sql"), into: settings)
        try await TestCluster.load(sqlFile: TestCluster.fixture("node-seed.sql"), into: settings)
        try await ServerHarness.run(settings: settings) { api in
            // $2a$ (bcryptjs) and $2b$ hashes both verify; login by e-mail in any case and by phone.
            let alex = try await api.call(.post, "/auth/login", json: #"{"emailOrPhone":"Alex@Example.com","password":"correct horse 1"}"#)
            #expect(alex.status == .ok, "\(alex)")
            let dana = try await api.call(.post, "/auth/login", json: #"{"emailOrPhone":"+6591234567","password":"correct horse 1"}"#)
            #expect(dana.status == .ok, "\(dana)")
            #expect(try await api.call(.post, "/auth/login", json: #"{"emailOrPhone":"+6591234567","password":"wrong horse"}"#).status == .unauthorized)

            // The session token the Node server issued keeps working; its plain text is gone.
            let legacy = "eyJhbGciOiJIUzI1NiJ9.legacy.token"
            let groups = try await api.call(.get, "/api/groups", token: legacy)
            #expect(groups.status == .ok, "\(groups)")
            let group = try groups.decode(Components.Schemas.GroupList.self).groups
            #expect(group.map(\.name) == ["Tokyo 2024"] && group.first?.inviteCode == "LEGACY1")

            let gid = "30000000-0000-4000-8000-000000000001"
            let members = try await api.call(.get, "/api/groups/\(gid)/members", token: legacy).decode(Components.Schemas.MemberList.self)
            #expect(members.members.map(\.name) == ["Alex", "Bea", "Chen"])
            let expenses = try await api.call(.get, "/api/groups/\(gid)/expenses", token: legacy).decode(Components.Schemas.ExpenseList.self)
            #expect(expenses.expenses.count == 1 && expenses.expenses[0].amount == 3000)
            #expect(expenses.expenses[0].splits.filter(\.isPaid).count == 1)
            let history = try await api.call(.get, "/api/expense-splits/70000000-0000-4000-8000-000000000002/history", token: legacy)
            #expect(history.json["history"].count == 1)

            // Currencies beyond the Node server's four are accepted now.
            let token = try alex.decode(Components.Schemas.AuthResponse.self).token
            try await api.addExpense(token, group: gid, payer: "50000000-0000-4000-8000-000000000002", amount: "12.5",
                                     currency: "EUR", splits: [("50000000-0000-4000-8000-000000000001", "12.5")])
            // So are currencies beyond the iOS app's 20, and three decimals are kept (migration 7).
            try await api.addExpense(token, group: gid, payer: "50000000-0000-4000-8000-000000000002", amount: "45.9",
                                     currency: "PEN", splits: [("50000000-0000-4000-8000-000000000001", "45.9")])
            try await api.addExpense(token, group: gid, payer: "50000000-0000-4000-8000-000000000002", amount: "1.234",
                                     currency: "KWD", splits: [("50000000-0000-4000-8000-000000000001", "1.234")])
            let upgraded = try await api.call(.get, "/api/groups/\(gid)/expenses", token: token).decode(Components.Schemas.ExpenseList.self)
            #expect(Set(upgraded.expenses.map { "\($0.currency) \($0.amount)" }) == ["JPY 3000.0", "EUR 12.5", "PEN 45.9", "KWD 1.234"])
            let plan = try await api.call(.get, "/api/groups/\(gid)/balances?currency=JPY", token: token)
                .decode(Components.Schemas.Settlement.self)
            #expect(plan.transfers.map { "\($0.fromName)>\($0.toName):\($0.amount)" } == ["Chen>Alex:1000.0"])

            let stored = try await TestCluster.withAdmin(settings) { connection in
                var values: [Int64] = []
                for query in ["SELECT count(*) FROM auth_tokens WHERE token IS NOT NULL",
                              "SELECT count(*) FROM auth_tokens WHERE token_hash IS NULL",
                              "SELECT count(*) FROM expenses", "SELECT count(*) FROM users"] {
                    for try await value in try await connection.query(.init(unsafeSQL: query), logger: TestCluster.logger).decode(Int64.self) {
                        values.append(value)
                    }
                }
                return values
            }
            // No token in clear; the Node rows (2 expenses, one soft-deleted) plus the three new ones; both users.
            #expect(stored == [0, 0, 5, 2])
        }
        // Migrating again does nothing.
        try await ServerHarness.run(settings: settings) { api in
            let applied = try await ServerMigrator(database: api.database).migrate()
            #expect(applied.isEmpty)
        }
    }

    /// Migrates `settings` up to and including `version`; returns the versions applied.
    static func migrate(_ settings: DatabaseSettings, upTo version: Int) async throws -> [Int] {
        let client = PostgresClient(configuration: settings.clientConfiguration, backgroundLogger: TestCluster.logger)
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { await client.run() }
            defer { tasks.cancelAll() }
            return try await ServerMigrator(database: ServerDatabase(client: client, logger: TestCluster.logger),
                                            migrations: ServerSchema.migrations.filter { $0.version <= version }).migrate()
        }
    }

    @Test("version 8 to 9: expenses gain split_given, NULL on every row, and it holds only the modes that are kept")
    func splitGivenColumn() async throws {
        let settings = try await TestCluster.freshDatabase()
        try await TestCluster.load(sqlFile: TestCluster.fixture("node-schema.sql"), into: settings)
        try await TestCluster.load(sqlFile: TestCluster.fixture("node-seed.sql"), into: settings)
        #expect(try await Self.migrate(settings, upTo: 8) == Array(1...8))
        #expect(try await Self.migrate(settings, upTo: 9) == [9])
        try await ServerHarness.run(settings: settings) { api in
            let legacy = "eyJhbGciOiJIUzI1NiJ9.legacy.token"
            let gid = "30000000-0000-4000-8000-000000000001"
            let ramen = "60000000-0000-4000-8000-000000000001"
            #expect(try await api.storedGiven(group: gid) == [ramen: nil, "60000000-0000-4000-8000-000000000002": nil])
            let before = try await api.call(.get, "/api/groups/\(gid)/expenses", token: legacy)
            #expect(before.status == .ok && !before.body.contains("splitGiven"), "\(before)")

            // An expense from before the upgrade takes a split as given like any other.
            let (alex, bea, chen) = ("50000000-0000-4000-8000-000000000001", "50000000-0000-4000-8000-000000000002",
                                     "50000000-0000-4000-8000-000000000003")
            let put = try await api.call(.put, "/api/expenses/\(ramen)", token: legacy, json: #"""
                {"description":"Ramen dinner","amount":3000,"currency":"JPY","category":"Meal","paidByMemberId":"\#(alex)","expenseDate":"2024-03-10",
                 "splits":[{"memberId":"\#(alex)","amount":1000},{"memberId":"\#(bea)","amount":1000},{"memberId":"\#(chen)","amount":1000}],
                 "splitGiven":{"mode":"shares","parts":[{"memberId":"\#(alex)","value":1},{"memberId":"\#(bea)","value":1},{"memberId":"\#(chen)","value":1}]}}
                """#)
            #expect(put.status == .ok, "\(put)")
            #expect(try await api.listed(legacy, group: gid, expense: ramen).splitGiven
                    == .parts("shares", [(alex, 1), (bea, 1), (chen, 1)]))
            // The column holds only what the server writes: never an equal split, never a non-object.
            for value in [#"{"mode":"equal","parts":[]}"#, #"["shares"]"#] {
                await #expect(throws: PSQLError.self) {
                    try await TestCluster.withAdmin(settings) { connection in
                        _ = try await connection.query(
                            .init(unsafeSQL: "UPDATE expenses SET split_given = '\(value)' WHERE id = '\(ramen)'"),
                            logger: TestCluster.logger)
                    }
                }
            }
        }
        try await ServerHarness.run(settings: settings) { api in
            let applied = try await ServerMigrator(database: api.database).migrate()
            #expect(applied.isEmpty)
        }
    }
}
