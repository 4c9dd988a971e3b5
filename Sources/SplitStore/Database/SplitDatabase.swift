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

    static let migrator = SchemaMigrator(migrations: [SchemaV1.apply])

    /// The schema version this build writes.
    public static var schemaVersion: Int { migrator.latestVersion }

    public let path: String
    let queue: DatabaseQueue

    /// Opens (or creates) the database at `path`.
    /// - Parameter busyTimeout: how long a writer waits for another process's transaction (a
    ///   large `--batch` import can hold the write lock for several seconds).
    public init(path: String, busyTimeout: TimeInterval = 30) throws(StoreError) {
        self.path = path
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            throw .cannotOpen(path: path, reason: "it is a directory")
        }
        if !exists {
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty && !fileManager.fileExists(atPath: parent) {
                do {
                    try fileManager.createDirectory(
                        atPath: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                } catch {
                    throw .cannotOpen(path: path, reason: "cannot create folder \(parent)")
                }
            }
        }

        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "split"
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw SplitDatabase.classify(error, path: path)
        } catch {
            throw .cannotOpen(path: path, reason: String(describing: error))
        }
        try prepare()
    }

    /// Validates the file, migrates it, and switches it to WAL, in that order.
    private func prepare() throws(StoreError) {
        do {
            try queue.writeWithoutTransaction { db in
                let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                if applicationID != SplitDatabase.applicationID {
                    let objects = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
                    guard applicationID == 0, version == 0, objects == 0 else {
                        throw StoreError.notSplitDatabase(path: path)
                    }
                }
                if version > SplitDatabase.migrator.latestVersion {
                    throw StoreError.newerSchema(
                        path: path, found: version, supported: SplitDatabase.migrator.latestVersion)
                }
                if version < SplitDatabase.migrator.latestVersion {
                    try SplitDatabase.migrator.migrate(db)
                    // Re-check after taking the write lock: another process may have created a
                    // different schema between our first read and the migration.
                    let finalID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                    guard finalID == SplitDatabase.applicationID else { throw StoreError.notSplitDatabase(path: path) }
                }
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? ""
                if mode.lowercased() != "wal" {
                    try db.execute(sql: "PRAGMA journal_mode = WAL")
                }
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

    /// Runs `body` in one immediate write transaction, mapping SQLite errors to ``StoreError``.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.write(body)
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
        default:
            return .io(error.message ?? String(describing: error))
        }
    }
}
