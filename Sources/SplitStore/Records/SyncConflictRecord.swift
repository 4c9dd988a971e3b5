import GRDB
import SplitCore

/// A row of `sync_conflict` (``SchemaV4``): a change the server could not take as it was,
/// with both versions in full and the field they disagree on, kept until `split resolve`
/// settles it. The trip meanwhile shows the server's version.
///
/// Its statements are fixed, built once, with bound arguments (``TripLinkRecord`` says why).
struct SyncConflictRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "sync_conflict"

    enum Columns {
        static let id = Column("id")
        static let tripID = Column("trip_id")
        static let item = Column("item")
        static let field = Column("field")
        static let mine = Column("mine")
        static let theirs = Column("theirs")
        static let detail = Column("detail")
        static let createdAt = Column("created_at")
    }

    static let selected = [
        Columns.id, Columns.tripID, Columns.item, Columns.field, Columns.mine, Columns.theirs, Columns.detail,
        Columns.createdAt,
    ]

    var conflict: SyncConflict

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        let item = try stored.itemKey(Columns.item)
        conflict = SyncConflict(
            id: try stored.integer(Columns.id), trip: TripID(try stored.text(Columns.tripID)), item: item,
            field: try stored.text(Columns.field), mine: try (try stored.optionalText(Columns.mine)).map(SyncJSON.value),
            theirs: try (try stored.optionalText(Columns.theirs)).map(SyncJSON.value),
            detail: try stored.optionalText(Columns.detail), createdAt: try stored.timestamp(Columns.createdAt))
    }

    /// The open conflicts of trip `:trip`, or of every trip when `:trip` is NULL, oldest first.
    static let open = """
        SELECT \(columnList(selected)) FROM sync_conflict WHERE (:trip IS NULL OR trip_id = :trip) ORDER BY id
        """

    /// Conflict `:id`.
    static let byID = "SELECT \(columnList(selected)) FROM sync_conflict WHERE id = :id"

    /// The INSERT ``insert(_:trip:item:field:mine:theirs:detail:at:)`` runs, its parameters in
    /// the order of the columns listed.
    private static let insertSQL = RowInserter.sql(into: databaseTableName, [
        Columns.tripID, Columns.item, Columns.field, Columns.mine, Columns.theirs, Columns.detail, Columns.createdAt,
    ])

    /// Records one open conflict (``SyncApplier``): the values are bound here, beside the
    /// column list they follow.
    static func insert(_ db: Database, trip: TripID, item: String, field: String, mine: String?, theirs: String?,
                       detail: String?, at: Timestamp) throws {
        try db.execute(sql: insertSQL, arguments: [trip.rawValue, item, field, mine, theirs, detail, at.iso8601])
    }

    /// Id `:old` becomes `:new` in trip `:trip`'s conflicts (``LocalRekey``).
    static let rekeySQL = """
        UPDATE sync_conflict SET item = replace(item, :old, :new), mine = replace(mine, :old, :new),
            theirs = replace(theirs, :old, :new)
        WHERE trip_id = :trip
        """

    /// Conflict `:id` is settled.
    static let deleteSQL = "DELETE FROM sync_conflict WHERE id = :id"

    /// Every conflict of trip `:trip` (an unlink).
    static let deleteTripSQL = "DELETE FROM sync_conflict WHERE trip_id = :trip"
}
