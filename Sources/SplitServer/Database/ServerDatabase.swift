import Logging
import PostgresNIO

/// The server's handle on PostgreSQL: a pooled `PostgresClient` (run as a service by the
/// application) plus a transaction helper that rethrows the caller's own error.
///
/// PostgresNIO's `withTransaction` wraps every failure in `PostgresTransactionError`; here a
/// validation error thrown inside a transaction comes out as itself, so it still becomes a 400.
///
/// Inside a request transaction (see ``RequestTransaction`` and ``requestTransaction(_:)``),
/// every method runs on that transaction's connection instead of the pool: a handler's reads
/// see its own uncommitted writes, its ``transaction(_:)`` becomes a savepoint of the request's
/// transaction, and the request holds exactly one connection, so requests waiting for a second
/// connection can never exhaust the pool.
struct ServerDatabase: Sendable {
    let client: PostgresClient
    let logger: Logger

    /// Runs one statement on the request transaction's connection, or on a pooled one.
    @discardableResult
    func query(_ query: PostgresQuery, file: String = #fileID, line: Int = #line) async throws -> PostgresRowSequence {
        if let connection = RequestTransaction.connection {
            return try await connection.query(query, logger: logger, file: file, line: line)
        }
        return try await client.query(query, logger: logger, file: file, line: line)
    }

    /// Lends `body` the request transaction's connection, or a pooled one for its duration.
    func withConnection<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        if let connection = RequestTransaction.connection { return try await body(connection) }
        return try await client.withConnection { connection in try await body(connection) }
    }

    /// Runs `body` between BEGIN and COMMIT on one connection; any error rolls back and is rethrown.
    ///
    /// Inside a request transaction, `body` runs within a savepoint of it instead: an error
    /// undoes just `body`'s statements (and is rethrown), and its writes commit or roll back
    /// with the request.
    func transaction<Result: Sendable>(
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        if let connection = RequestTransaction.connection {
            return try await savepoint(on: connection, body)
        }
        return try await client.withConnection { connection in
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

    /// Opens the transaction of a whole request: BEGIN on a pooled connection, then `body`
    /// with that connection as ``RequestTransaction/connection``, so everything the request
    /// does through this type joins it; COMMIT or ROLLBACK as `body`'s outcome says, and
    /// ROLLBACK if it throws.
    func requestTransaction<Result: Sendable>(
        _ body: (PostgresConnection) async throws -> RequestTransaction.Outcome<Result>
    ) async throws -> Result {
        precondition(RequestTransaction.connection == nil, "request transactions do not nest")
        return try await client.withConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                let outcome = try await RequestTransaction.$connection.withValue(connection) {
                    try await body(connection)
                }
                switch outcome {
                case .commit(let result):
                    try await connection.query("COMMIT", logger: logger)
                    return result
                case .rollback(let result):
                    try await connection.query("ROLLBACK", logger: logger)
                    return result
                }
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    private func savepoint<Result: Sendable>(
        on connection: PostgresConnection, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await connection.query("SAVEPOINT split_nested", logger: logger)
        do {
            let result = try await body(connection)
            try await connection.query("RELEASE SAVEPOINT split_nested", logger: logger)
            return result
        } catch {
            _ = try? await connection.query("ROLLBACK TO SAVEPOINT split_nested", logger: logger)
            _ = try? await connection.query("RELEASE SAVEPOINT split_nested", logger: logger)
            throw error
        }
    }
}
