import GRDB
import SplitCore

/// A row of `remote_item` (``SchemaV4``): an item's revision on the server as last pulled,
/// `deleted` for a tombstone. An item with no change waiting holds exactly the server's
/// version in the trip, so `body` keeps the server's version only while local changes to the
/// item wait, or, on a snapshot link (the Node server), always: each pull is compared with it.
///
/// Its statements are fixed, built once, with bound arguments (``TripLinkRecord`` says why).
struct RemoteItemRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "remote_item"

    enum Columns {
        static let tripID = Column("trip_id")
        static let item = Column("item")
        static let revision = Column("revision")
        static let deleted = Column("deleted")
        static let body = Column("body")
    }

    static let selected = [Columns.item, Columns.revision, Columns.deleted, Columns.body]

    /// The item key as stored (``SplitCore/SyncItemKey/text``).
    var item: String
    var revision: Int64
    var deleted: Bool
    /// The server's version (``SyncJSON``), when kept.
    var body: String?

    /// A row; messages name it by its item, as the table has no id of its own.
    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName, idColumn: Columns.item)
        item = try stored.text(Columns.item)
        revision = try stored.integer(Columns.revision)
        deleted = try stored.flag(Columns.deleted)
        body = try stored.optionalText(Columns.body)
    }

    /// Every item of trip `:trip`.
    static let ofTrip = "SELECT \(columnList(selected)) FROM remote_item WHERE trip_id = :trip"

    /// Item `:item` of trip `:trip`.
    static let ofItem = "SELECT \(columnList(selected)) FROM remote_item WHERE trip_id = :trip AND item = :item"

    /// Stores a pulled revision; a revision older than the one held (another sync raced this
    /// one) does not replace it.
    static let upsertSQL = RowInserter.sql(
        into: databaseTableName, [Columns.tripID, Columns.item, Columns.revision, Columns.deleted, Columns.body],
        then: """
            ON CONFLICT (trip_id, item) DO UPDATE SET
                revision = max(revision, excluded.revision), deleted = excluded.deleted, body = excluded.body
            """)

    /// Forgets item `:item` of trip `:trip` (its id was replaced).
    static let deleteItemSQL = "DELETE FROM remote_item WHERE trip_id = :trip AND item = :item"

    /// Every item of trip `:trip` (an unlink).
    static let deleteTripSQL = "DELETE FROM remote_item WHERE trip_id = :trip"
}
