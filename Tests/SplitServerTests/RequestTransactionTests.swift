import Foundation
import PostgresNIO
@testable import SplitServer
import Testing

/// ``ServerDatabase`` inside a request transaction: everything joins it, nested transactions
/// are savepoints, and the request's outcome commits or undoes all of it.
@Suite("split-server request transaction", .serialized)
struct RequestTransactionTests {
    @Test("statements join the request transaction, see its uncommitted rows, and a failed nested transaction undoes only itself")
    func joins() async throws {
        try await ServerHarness.run { api in
            let database = api.database
            try await database.query("CREATE TABLE probe (n INTEGER NOT NULL)")
            let (inside, outside) = try await database.requestTransaction { _ -> RequestTransaction.Outcome<([Int32], [Int32])> in
                try await database.transaction { connection in
                    try await connection.query("INSERT INTO probe VALUES (1)", logger: database.logger)
                }
                await #expect(throws: APIError.self) {
                    try await database.transaction { connection in
                        try await connection.query("INSERT INTO probe VALUES (2)", logger: database.logger)
                        throw APIError.badRequest("refused")
                    }
                }
                try await database.query("INSERT INTO probe VALUES (3)")
                return .commit((try await Self.values(database), try await Self.committed(api)))
            }
            #expect(inside == [1, 3])
            #expect(outside == [])
            #expect(try await Self.committed(api) == [1, 3])
        }
    }

    @Test("a rollback outcome or an error undoes the request's statements, nested transactions included")
    func undoes() async throws {
        try await ServerHarness.run { api in
            let database = api.database
            try await database.query("CREATE TABLE probe (n INTEGER NOT NULL)")
            let seen = try await database.requestTransaction { _ -> RequestTransaction.Outcome<[Int32]> in
                try await database.transaction { connection in
                    try await connection.query("INSERT INTO probe VALUES (4)", logger: database.logger)
                }
                return .rollback(try await Self.values(database))
            }
            #expect(seen == [4])
            await #expect(throws: APIError.self) {
                try await database.requestTransaction { _ -> RequestTransaction.Outcome<Void> in
                    try await database.query("INSERT INTO probe VALUES (5)")
                    throw APIError.conflict("refused")
                }
            }
            #expect(try await Self.committed(api) == [])
            // Outside a request transaction, transaction(_:) commits on its own.
            try await database.transaction { connection in
                try await connection.query("INSERT INTO probe VALUES (6)", logger: database.logger)
            }
            #expect(try await Self.committed(api) == [6])
        }
    }

    /// The probe's rows as `database` sees them (inside a request transaction: its view).
    static func values(_ database: ServerDatabase) async throws -> [Int32] {
        var values: [Int32] = []
        for try await n in try await database.query("SELECT n FROM probe ORDER BY n").decode(Int32.self) { values.append(n) }
        return values
    }

    /// The probe's committed rows, read on a connection of its own.
    static func committed(_ api: API) async throws -> [Int32] {
        try await TestCluster.withAdmin(api.settings) { connection in
            var values: [Int32] = []
            for try await n in try await connection.query("SELECT n FROM probe ORDER BY n", logger: TestCluster.logger)
                .decode(Int32.self) { values.append(n) }
            return values
        }
    }
}
