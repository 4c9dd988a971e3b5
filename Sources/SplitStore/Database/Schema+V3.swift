import GRDB

/// Version 3: which server id each uploaded local row became (`split upload`), per server and
/// account, so a stopped upload resumes and a re-run sends only what is new.
///
/// - `kind` says what `local_id` names: a trip, member, expense or payment id; for `split`,
///   `EXPENSE:MEMBER` (a share's identity), with the server's split id; for `paid`, the same
///   key, present while the share was last confirmed paid on the server (a share marked paid
///   there by someone else is then left alone).
/// - `trip_id` is the local trip, so deleting a trip deletes its map. It leads the primary key
///   (local ids are unique anyway): an upload loads and extends one trip's rows, and the
///   cascade finds them, without a second index to keep up to date.
/// - Only `split upload` writes here; every other table stays untouched by an upload.
enum SchemaV3 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE upload_map (
                server TEXT NOT NULL CHECK (length(server) > 0),
                account TEXT NOT NULL CHECK (length(account) > 0),
                kind TEXT NOT NULL CHECK (kind IN ('trip', 'member', 'expense', 'split', 'paid', 'payment')),
                local_id TEXT NOT NULL CHECK (length(local_id) > 0),
                server_id TEXT NOT NULL CHECK (length(server_id) > 0),
                trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                uploaded_at TEXT NOT NULL,
                PRIMARY KEY (trip_id, server, account, kind, local_id)
            ) WITHOUT ROWID;
            """)
    }
}
