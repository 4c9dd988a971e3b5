import Foundation
import GRDB
import SplitCore

/// Owns the connection to one split SQLite file and brings its schema up to date.
///
/// Opening never damages a file it does not understand: the application id and schema version
/// are read first, and a foreign, corrupt or newer file is reported without any write.
/// A missing or empty file becomes a new split database.
public final class SplitDatabase: Sendable {
    /// `PRAGMA application_id` of split files: "SPLT" in ASCII.
    static let applicationID: Int32 = 0x5350_4C54

    static let migrator = SchemaMigrator(migrations: [SchemaV1.apply, SchemaV2.apply, SchemaV3.apply, SchemaV4.apply, SchemaV5.apply, SchemaV6.apply, SchemaV7.apply, SchemaV8.apply, SchemaV9.apply,
        SchemaCategories.apply,
        SchemaMemberLeave.apply,
        SchemaRecurring.apply,
        SchemaExchanges.apply,
        SchemaServerKeeps.apply])

    /// The schema version this build writes.
    public static var schemaVersion: Int { migrator.latestVersion }

    public let path: String
    let queue: DatabaseQueue

    /// Opens (or creates) the database at `path`.
    /// - Parameters:
    ///   - busyTimeout: how long a writer waits for another process's transaction (a large
    ///     `--batch` import can hold the write lock for several seconds).
    ///   - trace: called with each statement SQLite runs (its text, arguments left out): how
    ///     the round trips of one command are counted (`SPLIT_TRACE_SQL`, and tests).
    public init(path: String, busyTimeout: TimeInterval = 30,
                trace: (@Sendable (String) -> Void)? = nil) throws(StoreError) {
        self.path = path
        try SplitDatabase.prepareLocation(path)

        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "split"
        if let trace {
            configuration.prepareDatabase { db in db.trace { trace($0.description) } }
        }
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw SplitDatabase.classify(error, path: path)
        } catch {
            throw .cannotOpen(path: path, reason: String(describing: error))
        }
        try prepare(busyTimeout: busyTimeout)
    }

    /// Opens an existing split file for reading only: what shell completion reads while a
    /// person types, so it must never create, migrate or change a file. SQLite itself refuses
    /// any write on this connection. A missing file, a file of another app, and a file of
    /// another schema version (the next real command migrates it) are errors, and a busy
    /// file is waited for briefly only: completion offers nothing rather than hang.
    public init(readingOnly path: String) throws(StoreError) {
        self.path = path
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .cannotOpen(path: path, reason: "no such file")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(0.5)
        configuration.label = "split-read-only"
        let header: (applicationID: Int32, version: Int, isEmpty: Bool)
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            header = try queue.read { db in try SplitDatabase.header(db) }
        } catch let error as DatabaseError {
            throw SplitDatabase.classify(error, path: path)
        } catch {
            throw .cannotOpen(path: path, reason: String(describing: error))
        }
        try SplitDatabase.refuseForeign(header, path: path)
        guard header.version == SplitDatabase.migrator.latestVersion else {
            throw .cannotOpen(path: path, reason: "schema version \(header.version) is not yet this build's")
        }
    }

    /// Refuses a directory, and creates the missing parent folders (mode 0700) of a new file.
    /// Uses `stat`/`mkdir` directly: this runs at the start of every command.
    static func prepareLocation(_ path: String) throws(StoreError) {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw .cannotOpen(path: path, reason: "it is a directory") }
            return
        }
        var folder = ""
        let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, component) in components.enumerated() {
            folder += (index == 0 ? "" : "/") + component
            guard !folder.isEmpty, stat(folder, &info) != 0 else { continue }
            guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
                throw .cannotOpen(path: path, reason: "cannot create folder \(folder)")
            }
        }
    }

    /// Validates the file, migrates it, and switches it to WAL, in that order.
    ///
    /// Several `split` processes may open a brand-new file at the same moment, so every decision
    /// that leads to a write is taken again inside the `BEGIN IMMEDIATE` transaction that makes
    /// it: a header read outside it may already be stale.
    private func prepare(busyTimeout: TimeInterval) throws(StoreError) {
        do {
            try queue.writeWithoutTransaction { db in
                // One statement for both header fields: every command runs this.
                let header = try SplitDatabase.header(db)
                try SplitDatabase.refuseForeign(header, path: path)
                if header.version < SplitDatabase.migrator.latestVersion {
                    try db.inTransaction(.immediate) {
                        let current = try SplitDatabase.header(db)
                        try SplitDatabase.refuseForeign(current, path: path)
                        try SplitDatabase.migrator.migrate(db, from: current.version)
                        return .commit
                    }
                }
                try SplitDatabase.switchToWAL(db, for: busyTimeout)
                try db.execute(sql: "PRAGMA synchronous = NORMAL")

            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw SplitDatabase.classify(error, path: path)
        } catch {
            throw .io(String(describing: error))
        }
    }

    /// The two header fields that say whose file this is and which schema it has, read in one
    /// statement (so consistently), plus whether the file holds any schema object at all.
    private static func header(_ db: Database) throws -> (applicationID: Int32, version: Int, isEmpty: Bool) {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT application_id, user_version, NOT EXISTS (SELECT 1 FROM sqlite_master)
                FROM pragma_application_id, pragma_user_version
                """)
        return (row?[0] ?? 0, row?[1] ?? 0, row?[2] ?? true)
    }

    /// Throws unless the file is a split database we understand, or a still-empty file.
    private static func refuseForeign(
        _ header: (applicationID: Int32, version: Int, isEmpty: Bool), path: String
    ) throws(StoreError) {
        if header.applicationID != applicationID {
            guard header.applicationID == 0, header.version == 0, header.isEmpty else {
                throw .notSplitDatabase(path: path)
            }
        }
        if header.version > migrator.latestVersion {
            throw .newerSchema(path: path, found: header.version, supported: migrator.latestVersion)
        }
    }

    /// WAL is a property of the file; checked every time in case a process died between creating
    /// the schema and switching the journal. SQLite does not call the busy handler while it takes
    /// the exclusive lock this switch needs, so a busy answer is retried here until the timeout.
    private static func switchToWAL(_ db: Database, for timeout: TimeInterval) throws {
        let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? ""
        guard mode.lowercased() != "wal" else { return }
        var waited: TimeInterval = 0
        while true {
            do {
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                return
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && waited < timeout {
                usleep(5_000)
                waited += 0.005
            }
        }
    }

    /// Runs `body` in one immediate write transaction, mapping SQLite errors to ``StoreError``.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.write(body)
        } catch let error as DatabaseError {
            throw SplitDatabase.classify(error, path: path)
        }
    }

    /// Runs `body` in an immediate transaction that is always rolled back: what a write would
    /// do, computed against the real data, with nothing kept (`split import --dry-run`).
    func rehearse<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .rollback
                }
                return result!
            }
        } catch let error as DatabaseError {
            throw SplitDatabase.classify(error, path: path)
        }
    }

    /// Runs `body` in a read transaction, mapping SQLite errors to ``StoreError``.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.read(body)
        } catch let error as DatabaseError {
            throw SplitDatabase.classify(error, path: path)
        }
    }

    static func classify(_ error: DatabaseError, path: String) -> StoreError {
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return .notSplitDatabase(path: path)
        case .SQLITE_CORRUPT:
            return .corrupt(path: path, reason: error.message ?? "corrupt")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            return .cannotOpen(path: path, reason: error.message ?? "permission denied")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .io("the database is busy (another split process holds it); try again")
        case .SQLITE_FULL:
            return .io("the disk is full")
        case .SQLITE_CONSTRAINT where error.message == SchemaV9.unlinkedMessage:
            return .notFound("the trip was unlinked by another split process meanwhile; nothing was changed "
                             + "(run the command again)")
        default:
            return .io(error.message ?? String(describing: error))
        }
    }
}
