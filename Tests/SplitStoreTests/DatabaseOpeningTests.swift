import Foundation
import GRDB
import Testing
@testable import SplitStore

@Suite("Opening database files")
struct DatabaseOpeningTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("split-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @Test func createsMissingFileAndFoldersWithCurrentSchema() throws {
        let file = path("a/b/split.sqlite")
        let database = try SplitDatabase(path: file)
        try database.read { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == SplitDatabase.schemaVersion)
            #expect(try Int32.fetchOne(db, sql: "PRAGMA application_id") == SplitDatabase.applicationID)
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true)
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            #expect(tables.contains("expense") && tables.contains("balance_total") && tables.contains("activity"))
        }
    }

    @Test func reopeningKeepsDataAndDoesNotMigrateAgain() async throws {
        let file = path("split.sqlite")
        do {
            let backend = LocalBackend(database: try SplitDatabase(path: file))
            let trip = SplitCoreTrip.make()
            try await backend.createTrip(trip, at: .init(millisecondsSince1970: 0))
        }
        let again = LocalBackend(database: try SplitDatabase(path: file))
        #expect(try await again.trips().count == 1)
    }

    @Test func emptyFileBecomesADatabase() throws {
        let file = path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        _ = try SplitDatabase(path: file)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count > 0)
    }

    @Test func garbageFileIsRefusedAndLeftUntouched() throws {
        let file = path("notes.txt")
        let bytes = Data(String(repeating: "these are my holiday notes\n", count: 200).utf8)
        #expect(FileManager.default.createFile(atPath: file, contents: bytes))
        #expect(throws: StoreError.notSplitDatabase(path: file)) { try SplitDatabase(path: file) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: file + "-wal"))
    }

    @Test func foreignSQLiteDatabaseIsRefusedAndLeftUntouched() throws {
        let file = path("other.sqlite")
        do {
            let queue = try DatabaseQueue(path: file)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
                try db.execute(sql: "INSERT INTO recipes (name) VALUES ('soup')")
            }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(throws: StoreError.notSplitDatabase(path: file)) { try SplitDatabase(path: file) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func newerSchemaIsRefusedAndLeftUntouched() throws {
        let file = path("future.sqlite")
        _ = try SplitDatabase(path: file)
        do {
            let queue = try DatabaseQueue(path: file)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 99") }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(throws: StoreError.newerSchema(path: file, found: 99, supported: SplitDatabase.schemaVersion)) {
            try SplitDatabase(path: file)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func truncatedDatabaseIsReportedNotRecreated() throws {
        let file = path("broken.sqlite")
        _ = try SplitDatabase(path: file)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        // Keep the header but scribble over the schema page.
        for index in 100..<min(bytes.count, 4096) { bytes[index] = 0xA5 }
        try? FileManager.default.removeItem(atPath: file + "-wal")
        try? FileManager.default.removeItem(atPath: file + "-shm")
        try bytes.write(to: URL(fileURLWithPath: file))
        #expect(throws: StoreError.self) { try SplitDatabase(path: file) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
    }

    @Test func directoryPathIsRefused() throws {
        #expect(throws: StoreError.cannotOpen(path: directory.path, reason: "it is a directory")) {
            try SplitDatabase(path: directory.path)
        }
    }
}

/// Builds trips for tests that don't need a fixture.
enum SplitCoreTrip {
    static func make(name: String = "Trip") -> SplitCore.Trip {
        SplitCore.Trip(id: .init(UUID().uuidString), name: name, currency: try! SplitCore.Currency(code: "JPY"))
    }
}
import SplitCore
