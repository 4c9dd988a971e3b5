import Foundation
import GRDB

/// Builds an iOS-app database (`budget_splitter_local.db`) with the schema text the app's own
/// code creates, minus whichever later columns or tables an older app version lacked.
struct AppDatabaseFixture {
    /// The later additions an old database may lack.
    struct Schema: Sendable, CustomStringConvertible {
        var eventID = true
        var joinedAt = true
        var eventCurrencies = true
        var formerMembers = true
        var payerEarned = true
        var events = true
        var keyValue = true

        static let current = Schema()

        var description: String {
            let missing = [("event_id", eventID), ("joined_at", joinedAt), ("event currencies", eventCurrencies),
                           ("former_members", formerMembers), ("payer_earned", payerEarned), ("events", events),
                           ("key_value", keyValue)].filter { !$0.1 }.map(\.0)
            return missing.isEmpty ? "current schema" : "without " + missing.joined(separator: ", ")
        }
    }

    let directory: URL
    let path: String

    init(name: String = "budget_splitter_local.db") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("split-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent(name).path
    }

    /// Creates the tables of `schema` and runs `statements` against them.
    func make(_ schema: Schema = .current, _ statements: String...) throws {
        try make(schema, statements: statements)
    }

    func make(_ schema: Schema, statements: [String]) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE members(id TEXT, name TEXT, created_at TEXT\(schema.joinedAt ? ", joined_at TEXT" : ""))")
            try db.execute(sql: """
                CREATE TABLE expenses(id TEXT, description TEXT, amount REAL, currency TEXT, category TEXT,
                paid_by_member_id TEXT, expense_date TEXT, created_at TEXT\(schema.payerEarned ? ", payer_earned REAL NULL" : "")\
                \(schema.eventID ? ", event_id TEXT NULL" : ""))
                """)
            try db.execute(sql: "CREATE TABLE expense_splits(id TEXT, expense_id TEXT, member_id TEXT, amount REAL)")
            if schema.events {
                try db.execute(sql: """
                    CREATE TABLE events(id TEXT, name TEXT, created_at TEXT, ended_at TEXT, member_ids TEXT, \
                    \(schema.eventCurrencies ? "currencies TEXT, " : "")members TEXT\
                    \(schema.eventCurrencies ? ", main_currency TEXT, sub_currency TEXT, sub_currency_rate REAL" : "")\
                    \(schema.formerMembers ? ", former_members TEXT" : ""))
                    """)
            }
            if schema.keyValue { try db.execute(sql: "CREATE TABLE key_value(key TEXT, value BLOB)") }
            for statement in statements { try db.execute(sql: statement) }
        }
        try queue.close()
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
