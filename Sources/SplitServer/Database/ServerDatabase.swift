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
///
/// Every wait for a pooled connection is bounded by ``waitLimit`` (``LeaseDeadline``): past it,
/// or when the connection breaks, the request fails with an error that
/// ``DatabaseUnavailable/isOutage(_:)`` recognises, which the client gets as a 503.
struct ServerDatabase: Sendable {
    let client: PostgresClient
    let logger: Logger
    /// How long a request waits for a pooled connection (and a single pooled statement for its
    /// first answer) before it is answered 503: long enough for a PostgreSQL restart, short
    /// enough that clients and load balancers hear of an outage promptly.
    var waitLimit: Duration = .seconds(5)

    /// Runs one statement on the request transaction's connection, or on a pooled one.
    @discardableResult
    func query(_ query: PostgresQuery, file: String = #fileID, line: Int = #line) async throws -> PostgresRowSequence {
        if let connection = RequestTransaction.connection {
            return try await connection.query(query, logger: logger, file: file, line: line)
        }
        let (client, logger) = (client, logger)
        return try await LeaseDeadline.within(limit: waitLimit) {
            Unchecked(try await client.query(query, logger: logger, file: file, line: line))
        }
    }

    /// Runs a prepared statement (prepared once per connection) on the request transaction's
    /// connection, or on a pooled one.
    func execute<Statement: PostgresPreparedStatement>(
        _ statement: Statement, file: String = #fileID, line: Int = #line
    ) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, Statement.Row> {
        if let connection = RequestTransaction.connection {
            return try await connection.execute(statement, logger: logger, file: file, line: line)
        }
        let (client, logger) = (client, logger)
        return try await LeaseDeadline.within(limit: waitLimit) {
            Unchecked(try await client.execute(statement, logger: logger, file: file, line: line))
        }
    }

    /// Lends `body` the request transaction's connection, or a pooled one for its duration.
    func withConnection<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        if let connection = RequestTransaction.connection { return try await body(connection) }
        return try await pooled { connection in try await body(connection) }
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
            return try await bracket(.savepoint, on: connection) { .commit(try await body(connection)) }
        }
        return try await pooled { connection in
            try await bracket(.transaction, on: connection) { .commit(try await body(connection)) }
        }
    }

    /// Runs `body` in a savepoint of the transaction already open on `connection`: its
    /// statements are kept if it returns and undone if it throws (the error is rethrown), while
    /// the transaction goes on either way. The batch sync runs each of its ops in one.
    func savepoint<Result: Sendable>(on connection: PostgresConnection, _ body: () async throws -> Result) async throws -> Result {
        try await bracket(.savepoint, on: connection) { .commit(try await body()) }
    }

    /// Runs `body` in a read-only REPEATABLE READ transaction: every query sees the same
    /// snapshot, which the change feed needs so that a group's revision and its rows agree.
    ///
    /// Inside a request transaction `body` runs on its connection as it is: the request has
    /// written to the group and holds the group's lock until it ends, so no other write to the
    /// group can commit in between, and it must see its own writes.
    func snapshot<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        if let connection = RequestTransaction.connection { return try await body(connection) }
        return try await pooled { connection in
            try await bracket(.snapshot, on: connection) { .commit(try await body(connection)) }
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
        return try await pooled { connection in
            try await bracket(.transaction, on: connection) {
                try await RequestTransaction.$connection.withValue(connection) { try await body(connection) }
            }
        }
    }

    /// Lends `body` a pooled connection, waiting for one at most ``waitLimit``.
    private func pooled<Result: Sendable>(
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await LeaseDeadline.withLease(limit: waitLimit) { leased in
            try await client.withConnection { connection in
                try leased()
                return try await body(connection)
            }
        }
    }

    /// The statements that open, keep and undo a transaction or a savepoint.
    private enum Scope {
        case transaction, savepoint, snapshot

        var begin: PostgresQuery {
            switch self {
            case .transaction: "BEGIN"
            case .savepoint: "SAVEPOINT split_nested"
            case .snapshot: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
            }
        }
        var commit: PostgresQuery { self == .savepoint ? "RELEASE SAVEPOINT split_nested" : "COMMIT" }
        var undo: [PostgresQuery] {
            self == .savepoint ? ["ROLLBACK TO SAVEPOINT split_nested", "RELEASE SAVEPOINT split_nested"] : ["ROLLBACK"]
        }
    }

    /// Runs `body` inside `scope` on `connection`, keeping or undoing its work as it says, and
    /// undoing it if it throws; the error is rethrown as it is.
    ///
    /// When the error says the connection broke (``DatabaseUnavailable/isOutage(_:)``: its
    /// backend was ended, PostgreSQL is shutting down), the connection is closed instead of
    /// sent a ROLLBACK: PostgreSQL rolls back whatever a connection that ends had open, and a
    /// statement sent after the backend's last message can wait for ever (PostgresNIO may not
    /// read the end of the socket), holding the request and its pooled connection with it.
    /// Closing also keeps the broken connection from going back to the pool.
    private func bracket<Result: Sendable>(
        _ scope: Scope, on connection: PostgresConnection, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> RequestTransaction.Outcome<Result>
    ) async throws -> Result {
        try await connection.query(scope.begin, logger: logger)
        do {
            switch try await body() {
            case .commit(let result):
                try await connection.query(scope.commit, logger: logger)
                return result
            case .rollback(let result):
                for statement in scope.undo { try await connection.query(statement, logger: logger) }
                return result
            }
        } catch {
            if DatabaseUnavailable.isOutage(error) {
                try? await connection.close()
                throw error
            }
            for statement in scope.undo { _ = try? await connection.query(statement, logger: logger) }
            throw error
        }
    }
}
