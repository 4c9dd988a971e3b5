import Logging
import PostgresNIO

/// Applies the numbered SQL migrations of ``ServerSchema`` before the server listens.
///
/// Applied versions are recorded in `split_schema_migrations`. The whole run holds a
/// transaction-scoped advisory lock, so two servers starting at once migrate one after the
/// other, and each migration commits together with its version row: a crash leaves either
/// all of a migration or none of it.
struct ServerMigrator: Sendable {
    /// An arbitrary constant shared by every split-server ("SPLT" in ASCII).
    static let lockKey: Int64 = 0x5350_4C54

    let database: ServerDatabase
    /// The migrations to bring the database to: all of them, except in a test of an upgrade
    /// from an earlier version, which first stops at that version.
    var migrations: [ServerSchema.Migration] = ServerSchema.migrations

    /// Brings the schema to the latest version; returns the versions it applied.
    @discardableResult
    func migrate() async throws -> [Int] {
        try await database.transaction { connection in
            let logger = database.logger
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS split_schema_migrations (
                    version INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT NOW())
                """, logger: logger)
            var applied = Set<Int>()
            for try await version in try await connection.query(
                "SELECT version FROM split_schema_migrations", logger: logger).decode(Int.self) {
                applied.insert(version)
            }
            var ran: [Int] = []
            for migration in migrations where !applied.contains(migration.version) {
                logger.info("applying migration", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"])
                // The extended protocol takes one statement per query, so a migration is a list.
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO split_schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger)
                ran.append(migration.version)
            }
            return ran
        }
    }
}
