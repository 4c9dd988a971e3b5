import GRDB

/// Version 2: where imported rows came from, so importing the same file twice adds nothing.
///
/// `source` is the reader's id for the item (an iOS expense id, a Splitwise row's content key,
/// an id from a split export), unique per `kind`; `local_id` is the row it became.
enum SchemaV2 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE import_source (
                kind TEXT NOT NULL CHECK (kind IN ('trip', 'member', 'expense', 'payment')),
                source TEXT NOT NULL,
                trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                local_id TEXT NOT NULL,
                imported_at TEXT NOT NULL,
                PRIMARY KEY (kind, source)
            ) WITHOUT ROWID;
            CREATE INDEX import_source_trip ON import_source(trip_id);
            """)
    }
}
