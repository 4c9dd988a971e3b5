import Logging
import PostgresNIO
import Synchronization

/// Whether this instance should get traffic: the database answers and is migrated to the
/// schema this build expects. For load balancers' health checks (`GET /health/ready`).
///
/// Checks are frequent (every instance, every proxy, every second or two), so the answer is
/// cached for ``maxAge``: at most one cheap query per second, and a cached answer costs no I/O.
/// A check waits at most ``checkLimit``, so a database that is away makes it a prompt 503.
final class DatabaseReadiness: Sendable {
    /// What a check found.
    enum State: String, Sendable {
        case ok
        case unreachable
        case notMigrated = "not-migrated"
    }

    static let maxAge: Duration = .seconds(1)
    static let checkLimit: Duration = .seconds(1)

    private let database: ServerDatabase
    /// The latest migration version this build applies.
    private let expectedVersion: Int
    private let cache = Mutex<(state: State, checkedAt: ContinuousClock.Instant)?>(nil)

    init(database: ServerDatabase, expectedVersion: Int = ServerSchema.migrations.map(\.version).max() ?? 0) {
        var database = database
        database.waitLimit = Self.checkLimit
        self.database = database
        self.expectedVersion = expectedVersion
    }

    /// The cached state, or a fresh check when the cached one is older than ``maxAge``.
    func state() async -> State {
        let now = ContinuousClock.now
        if let cached = cache.withLock({ $0 }), cached.checkedAt.duration(to: now) < Self.maxAge {
            return cached.state
        }
        let state = await check()
        cache.withLock { $0 = (state, now) }
        return state
    }

    private func check() async -> State {
        do {
            var version: Int?
            let rows = try await database.query("SELECT max(version) FROM split_schema_migrations")
            for try await value in rows.decode(Int?.self) { version = value }
            return (version ?? 0) >= expectedVersion ? .ok : .notMigrated
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P01" {
            return .notMigrated
        } catch {
            return .unreachable
        }
    }
}
