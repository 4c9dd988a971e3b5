import GRDB

/// SQLite files that are not the iOS app's.
enum GRDBFixture {
    static func makeOther(at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)") }
        try queue.close()
    }
}
