import GRDB

/// Version 4: offline-first linked trips.
///
/// - `trip_link`: the cloud group a trip syncs with, and the server revision the trip holds.
///   `protocol` is `feed` (split-server's change feed and sync batch) or `snapshot` (the Node
///   server: the whole group is read and compared with the last one pulled).
/// - `outbox`: local changes not yet confirmed by the server, in order. Written in the same
///   transaction as the change itself, so a change and its operation are never half-written.
///   `base_revision` is the item's server revision the change was made on (sent as `ifMatch`);
///   `base` is the item as the server had it then, the base of a three-way merge.
/// - `remote_item`: each item's revision on the server as last pulled (`deleted` for a
///   tombstone). An item without pending operations holds exactly the server's version, so
///   the base of a new change is the local row it replaces, and no second copy is kept. Only
///   a version pulled while local changes to the item wait is kept in `body`.
/// - `sync_conflict`: a change the server could not take as it was: both versions in full and
///   the field they disagree on, until `split resolve` settles it.
enum SchemaV4 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE trip_link (
                trip_id TEXT PRIMARY KEY NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                server TEXT NOT NULL CHECK (length(server) > 0),
                account TEXT NOT NULL CHECK (length(account) > 0),
                group_id TEXT NOT NULL CHECK (length(group_id) > 0),
                protocol TEXT NOT NULL CHECK (protocol IN ('feed', 'snapshot')),
                revision INTEGER NOT NULL DEFAULT 0 CHECK (typeof(revision) = 'integer' AND revision >= 0),
                linked_at TEXT NOT NULL,
                synced_at TEXT
            ) WITHOUT ROWID;
            CREATE UNIQUE INDEX trip_link_group ON trip_link(server, account, group_id);
            CREATE TABLE outbox (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                op_id TEXT NOT NULL UNIQUE,
                item TEXT NOT NULL,
                operation TEXT NOT NULL,
                base_revision INTEGER CHECK (base_revision IS NULL OR typeof(base_revision) = 'integer'),
                base TEXT,
                created_at TEXT NOT NULL
            );
            CREATE INDEX outbox_trip_item ON outbox(trip_id, item);
            CREATE TABLE remote_item (
                trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                item TEXT NOT NULL,
                revision INTEGER NOT NULL CHECK (typeof(revision) = 'integer'),
                deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
                body TEXT,
                PRIMARY KEY (trip_id, item)
            ) WITHOUT ROWID;
            CREATE TABLE sync_conflict (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                item TEXT NOT NULL,
                field TEXT NOT NULL,
                mine TEXT,
                theirs TEXT,
                detail TEXT,
                created_at TEXT NOT NULL
            );
            CREATE INDEX sync_conflict_trip ON sync_conflict(trip_id, item);
            """)
    }
}
