import GRDB
import SplitCore

/// A row of `foreign_item` (``SchemaV5``): a server's version of an item that split reads
/// only with a repair (`repaired`, in the trip as read) or cannot read soundly (`held`, kept
/// here with the server's body and out of the trip until someone fixes it), so nothing
/// another client wrote changes or vanishes unseen.
///
/// Its statements are fixed, built once, with bound arguments (``TripLinkRecord`` says why).
struct ForeignItemRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "foreign_item"

    enum Columns {
        static let tripID = Column("trip_id")
        static let item = Column("item")
        static let state = Column("state")
        static let revision = Column("revision")
        static let body = Column("body")
        static let draft = Column("draft")
        static let reason = Column("reason")
        static let notedAt = Column("noted_at")
    }

    static let selected = [
        Columns.tripID, Columns.item, Columns.state, Columns.revision, Columns.body, Columns.draft, Columns.reason,
        Columns.notedAt,
    ]

    var item: ForeignItem

    /// A row; messages name it by its trip, as the table has no id of its own.
    init(row: Row) throws {
        let stored = Self.stored(row)
        let key = try stored.itemKey(Columns.item)
        guard let state = ForeignItem.State(rawValue: try stored.text(Columns.state)) else {
            throw stored.unreadable(Columns.state, expected: "held or repaired")
        }
        item = ForeignItem(
            trip: TripID(try stored.text(Columns.tripID)), item: key, state: state,
            revision: try stored.integer(Columns.revision), body: try stored.optionalText(Columns.body),
            draft: try (try stored.optionalText(Columns.draft)).map(SyncJSON.value), reason: try stored.text(Columns.reason),
            notedAt: try stored.timestamp(Columns.notedAt))
    }

    static func stored(_ row: Row) -> StoredRow {
        StoredRow(row, table: databaseTableName, idColumn: Columns.tripID)
    }

    /// The items of trip `:trip`, or of every trip when `:trip` is NULL: by trip, held ones
    /// first, then by item.
    static let listed = """
        SELECT \(columnList(selected)) FROM foreign_item WHERE (:trip IS NULL OR trip_id = :trip)
        ORDER BY trip_id, state = 'repaired', item
        """

    /// How many items of trip `:trip` are held.
    static let heldCount = "SELECT COUNT(*) FROM foreign_item WHERE trip_id = :trip AND state = 'held'"

    /// The held items of trip `:trip` with the body each was held with.
    static let heldBodies = "SELECT trip_id, item, body FROM foreign_item WHERE trip_id = :trip AND state = 'held'"

    /// The item keys noted for trip `:trip`.
    static let noted = "SELECT item FROM foreign_item WHERE trip_id = :trip"

    /// Notes an item's state, replacing what was noted before.
    static let upsertSQL = RowInserter.sql(into: databaseTableName, selected, then: """
        ON CONFLICT (trip_id, item) DO UPDATE SET state = excluded.state, revision = excluded.revision,
            body = excluded.body, draft = excluded.draft, reason = excluded.reason, noted_at = excluded.noted_at
        """)

    /// Clears the note of item `:item` of trip `:trip`.
    static let deleteItemSQL = "DELETE FROM foreign_item WHERE trip_id = :trip AND item = :item"

    /// Every note of trip `:trip` (an unlink).
    static let deleteTripSQL = "DELETE FROM foreign_item WHERE trip_id = :trip"

    /// Held and repaired items of `trip` (or of every trip), held first, then by item.
    static func items(_ db: Database, trip: TripID?) throws -> [ForeignItem] {
        try fetchAll(db, sql: listed, arguments: ["trip": trip?.rawValue]).map(\.item)
    }
}
