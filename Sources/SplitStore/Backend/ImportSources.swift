import GRDB

/// What earlier imports brought in (`import_source`), read once per kind and kept in memory
/// for one import transaction.
///
/// A large import asks "was this imported before?" once per row; one scan of the table beats
/// a hundred thousand index lookups, and rows recorded during this import are added as they go.
final class ImportSources {
    private let db: Database
    private let at: String
    private var loaded: [String: [String: String]] = [:]
    private var pending: [(kind: String, source: String, trip: String, local: String)] = []

    init(_ db: Database, at: String) {
        self.db = db
        self.at = at
    }

    /// The local id the source became, if an earlier import (or this one) brought it in.
    func local(_ kind: String, _ source: String) throws -> String? {
        try table(kind)[source]
    }

    /// Notes what a source became; written by ``flush()``.
    func record(_ kind: String, _ source: String, trip: String, local: String) throws {
        if try table(kind)[source] != nil {
            // Seen before (a trip or member met again): update in place, rarely.
            try db.execute(sql: "UPDATE import_source SET trip_id = ?, local_id = ? WHERE kind = ? AND source = ?",
                           arguments: [trip, local, kind, source])
        } else {
            pending.append((kind, source, trip, local))
        }
        loaded[kind]?[source] = local
    }

    /// Writes every recorded source in key order, so the table's B-tree is appended to rather
    /// than split at random places. Call once, before the import's transaction commits.
    func flush() throws {
        let insert = try RowInserter(db, sql: """
            INSERT INTO import_source (kind, source, trip_id, local_id, imported_at) VALUES (?, ?, ?, ?, ?)
            """)
        pending.sort { $0.kind != $1.kind ? $0.kind < $1.kind : $0.source < $1.source }
        for row in pending {
            try insert.run([.text(row.kind), .text(row.source), .text(row.trip), .text(row.local), .text(at)])
        }
        pending.removeAll()
    }

    private func table(_ kind: String) throws -> [String: String] {
        if let table = loaded[kind] { return table }
        var table: [String: String] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT source, local_id FROM import_source WHERE kind = ?", arguments: [kind])
        while let row = try rows.next() { table[row["source"]] = row["local_id"] as String }
        loaded[kind] = table
        return table
    }
}
