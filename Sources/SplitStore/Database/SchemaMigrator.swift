import GRDB

/// Applies the numbered schema migrations, recording the version in `PRAGMA user_version`.
///
/// Why not GRDB's `DatabaseMigrator`: it reads which migrations ran outside the transaction
/// that applies them, so two `split` processes creating the same new file at once could both
/// try to create the tables. Here the check and every step run in one `BEGIN IMMEDIATE`
/// transaction (held by ``SplitDatabase``), and a file whose version is newer than ours is reported before anything is
/// written.
struct SchemaMigrator: Sendable {
    /// Migration `n` (1-based) brings the schema from version n−1 to n.
    let migrations: [@Sendable (Database) throws -> Void]

    var latestVersion: Int { migrations.count }

    /// Migrates from `version` to the latest one. The caller holds the `BEGIN IMMEDIATE`
    /// transaction in which it read `version` and checked the application id.
    func migrate(_ db: Database, from version: Int) throws {
        guard version < latestVersion else { return }
        for index in version..<latestVersion {
            try migrations[index](db)
        }
        try db.execute(sql: "PRAGMA user_version = \(latestVersion)")
        try db.execute(sql: "PRAGMA application_id = \(SplitDatabase.applicationID)")
    }
}
