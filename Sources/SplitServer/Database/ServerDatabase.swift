import Logging
import PostgresNIO

/// The server's handle on PostgreSQL: a pooled `PostgresClient` (run as a service by the
/// application) plus a transaction helper that rethrows the caller's own error.
///
/// PostgresNIO's `withTransaction` wraps every failure in `PostgresTransactionError`; here a
/// validation error thrown inside a transaction comes out as itself, so it still becomes a 400.
struct ServerDatabase: Sendable {
    let client: PostgresClient
    let logger: Logger

    /// Runs one statement on a pooled connection.
    @discardableResult
    func query(_ query: PostgresQuery, file: String = #fileID, line: Int = #line) async throws -> PostgresRowSequence {
        try await client.query(query, logger: logger, file: file, line: line)
    }

    /// Runs `body` between BEGIN and COMMIT on one connection; any error rolls back and is rethrown.
    func transaction<Result: Sendable>(
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await client.withConnection { connection in
            try await connection.query("BEGIN", logger: logger)
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
