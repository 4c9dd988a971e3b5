import PostgresNIO
import SplitServer

/// A table locked by a transaction of the test's own, so that the server's requests that write
/// to it stay in flight, for real, until the test lets them go: what a SIGTERM, a broken backend
/// or a lost answer is tested against.
public struct TableLock: Sendable {
    /// The connection holding the lock, for the test's own statements while it is held.
    public let connection: PostgresConnection

    /// Locks `table` in `settings`' database, runs `body`, and lets the lock go (a ROLLBACK)
    /// whatever `body` did.
    public static func holding<Result: Sendable>(
        _ table: String, in settings: DatabaseSettings, _ body: (TableLock) async throws -> Result
    ) async throws -> Result {
        try await TestDatabases.withConnection(settings) { connection in
            let logger = TestDatabases.logger
            try await connection.query("BEGIN", logger: logger)
            try await connection.query(PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE"), logger: logger)
            do {
                let result = try await body(TableLock(connection: connection))
                try await connection.query("ROLLBACK", logger: logger)
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// How many other backends of the database wait on a lock, polled every 25 ms until at
    /// least `count` do or `limit` has passed (then the last count, maybe fewer).
    @discardableResult
    public func waiters(atLeast count: Int = 1, within limit: Duration = .seconds(10)) async throws -> Int {
        let deadline = ContinuousClock.now + limit
        var waiting = 0
        while true {
            let rows = try await connection.query("""
                SELECT count(*)::int FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'
                """, logger: TestDatabases.logger)
            for try await value in rows.decode(Int.self) { waiting = value }
            if waiting >= count || ContinuousClock.now >= deadline { return waiting }
            try await Task.sleep(for: .milliseconds(25))
        }
    }

    /// Ends the backends that wait on a lock (`pg_terminate_backend`), polled every 25 ms until
    /// there is one or `limit` has passed; how many it ended.
    public func endWaiters(within limit: Duration = .seconds(10)) async throws -> Int {
        let deadline = ContinuousClock.now + limit
        while true {
            var ended = 0
            let rows = try await connection.query("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'
                """, logger: TestDatabases.logger)
            for try await _ in rows { ended += 1 }
            if ended > 0 || ContinuousClock.now >= deadline { return ended }
            try await Task.sleep(for: .milliseconds(25))
        }
    }
}
