import GRDB

/// Version 9: an outbox operation needs its trip's link.
///
/// A command reads a trip's link once (``LinkCache``) and its writer queues operations on
/// what it read. Another `split` process may unlink the trip between that read and the
/// write; this trigger then aborts the write with ``unlinkedMessage``, so an operation never
/// waits for a link that is gone (``SplitDatabase/classify(_:path:)`` says so in one line).
enum SchemaV9 {
    /// The trigger's message, as SQLite reports it.
    static let unlinkedMessage = "split: the trip is no longer linked"

    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TRIGGER outbox_needs_link BEFORE INSERT ON outbox
            WHEN NOT EXISTS (SELECT 1 FROM trip_link WHERE trip_id = NEW.trip_id)
            BEGIN SELECT RAISE(ABORT, '\(unlinkedMessage)'); END;
            """)
    }
}
