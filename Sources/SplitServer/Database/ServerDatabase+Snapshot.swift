import PostgresNIO

extension ServerDatabase {
    /// Runs `body` in a read-only REPEATABLE READ transaction: every query sees the same
    /// snapshot, which the change feed needs so that a group's revision and its rows agree.
    func snapshot<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await client.withConnection { connection in
            try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            do {
                let result = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }
}
