import GRDB

/// Version 5: a trip holds whatever another client put on a server.
///
/// - `expense.description` loses its length CHECK: the Node server keeps any length, an empty
///   one and none (read as empty). What split's own commands accept is checked where they
///   take it (``TextRules``), not by the store, which must hold what any client wrote.
/// - Member names may repeat within a trip, in any case (the Node server allows `Alex` twice,
///   and `bea` beside `Bea`): the unique index becomes a plain one. Commands still refuse a
///   name that repeats another's when they add or rename a member.
/// - `foreign_item`: a server's version of an item split reads only with a repair, or cannot
///   read at all (``SplitCore/ForeignReading``). A `held` item has no sound reading: it is
///   kept here with the server's body and the reason, listed, and left out of the trip until
///   someone fixes it. A `repaired` one is in the trip as read; this row says what changed.
enum SchemaV5 {
    static func apply(_ db: Database) throws {
        // SQLite cannot drop a CHECK in place, and rebuilding `expense` inside the migration's
        // transaction would fire the ON DELETE CASCADE of its splits (foreign keys cannot be
        // switched off inside a transaction). Removing a CHECK changes nothing on disk, so
        // this is SQLite's documented in-place procedure: edit the table's SQL, bump the
        // schema version, check integrity.
        let old = "description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 500)"
        let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
        try db.execute(sql: "PRAGMA writable_schema = ON")
        try db.execute(sql: """
            UPDATE sqlite_master SET sql = replace(sql, ?, 'description TEXT NOT NULL') WHERE type = 'table' AND name = 'expense'
            """, arguments: [old])
        try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
        try db.execute(sql: "PRAGMA writable_schema = OFF")
        let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        guard integrity == ["ok"] else {
            throw StoreError.invalid("the database failed its integrity check while upgrading: \(integrity.prefix(3).joined(separator: "; "))")
        }
        try db.execute(sql: """
            DROP INDEX member_live_name;
            CREATE INDEX member_live_name ON member(trip_id, name_key) WHERE removed_at IS NULL;
            CREATE TABLE foreign_item (
                trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                item TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('held', 'repaired')),
                revision INTEGER NOT NULL CHECK (typeof(revision) = 'integer'),
                body TEXT CHECK (state = 'repaired' OR body IS NOT NULL),
                draft TEXT,
                reason TEXT NOT NULL CHECK (length(reason) > 0),
                noted_at TEXT NOT NULL,
                PRIMARY KEY (trip_id, item)
            ) WITHOUT ROWID;
            """)
    }
}
