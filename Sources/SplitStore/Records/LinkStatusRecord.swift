import GRDB
import SplitCore

/// A row of ``sql``: a `trip_link` row with what waits in the sync tables of its trip
/// counted, read as the ``LinkStatus`` `split status` shows. The counts are subqueries of one
/// statement, so all the links of the device cost one read.
struct LinkStatusRecord: FetchableRecord {
    /// The aliases of the counts in ``sql``.
    enum Columns {
        /// Operations in `outbox`.
        static let pending = Column("pending")
        /// Rows of `sync_conflict`.
        static let conflicts = Column("conflicts")
        /// `foreign_item` rows held out of the trip.
        static let held = Column("held")
        /// `foreign_item` rows in the trip as read with a repair.
        static let repaired = Column("repaired")
    }

    /// The counts of the trip whose id is `trip` (an SQL expression), aliased as ``Columns``.
    private static func counts(_ trip: String) -> String {
        """
        (SELECT COUNT(*) FROM outbox o WHERE o.trip_id = \(trip)) AS pending,
        (SELECT COUNT(*) FROM sync_conflict c WHERE c.trip_id = \(trip)) AS conflicts,
        (SELECT COUNT(*) FROM foreign_item f WHERE f.trip_id = \(trip) AND f.state = 'held') AS held,
        (SELECT COUNT(*) FROM foreign_item f WHERE f.trip_id = \(trip) AND f.state = 'repaired') AS repaired
        """
    }

    /// The status of trip `:trip`'s link, or of every link when `:trip` is NULL, oldest first.
    static let sql = """
        SELECT \(columnList(TripLinkRecord.selected)), \(counts("l.trip_id"))
        FROM trip_link l WHERE (:trip IS NULL OR l.trip_id = :trip) ORDER BY l.linked_at, l.trip_id
        """

    /// Only the counts of trip `:trip`, for a link already read (``LocalBackend/status(of:)``).
    static let countsSQL = "SELECT \(counts(":trip"))"

    var status: LinkStatus

    init(row: Row) throws {
        status = try Self.status(TripLinkRecord(row: row).link, row)
    }

    /// `link` with the counts of `row` (one of ``sql`` or ``countsSQL``).
    static func status(_ link: TripLink, _ row: Row) throws -> LinkStatus {
        let stored = StoredRow(row, table: TripLinkRecord.databaseTableName, idColumn: TripLinkRecord.Columns.tripID)
        return LinkStatus(
            link: link, pending: Int(try stored.integer(Columns.pending)),
            conflicts: Int(try stored.integer(Columns.conflicts)), held: Int(try stored.integer(Columns.held)),
            repaired: Int(try stored.integer(Columns.repaired)))
    }
}
