import GRDB
import SplitCore

/// A row of `outbox` (``SchemaV4``): a local change to a linked trip the server has not
/// confirmed yet, in `seq` order, written in the same transaction as the change itself. It
/// carries the base of the change: the item's server revision it was made on
/// (`base_revision`, sent as `ifMatch`) and the item as the server had it then (`base`).
///
/// Its statements are fixed, built once, with bound arguments (``TripLinkRecord`` says why).
struct OutboxRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "outbox"

    enum Columns {
        static let seq = Column("seq")
        static let tripID = Column("trip_id")
        static let opID = Column("op_id")
        static let item = Column("item")
        static let operation = Column("operation")
        static let baseRevision = Column("base_revision")
        static let base = Column("base")
        static let createdAt = Column("created_at")
    }

    static let selected = [Columns.seq, Columns.opID, Columns.operation, Columns.baseRevision, Columns.base]

    var pending: PendingOperation

    init(row: Row) throws {
        let stored = Self.stored(row)
        pending = PendingOperation(
            sequence: try stored.integer(Columns.seq), opID: try stored.text(Columns.opID),
            operation: try SyncJSON.operation(try stored.text(Columns.operation)),
            baseRevision: try stored.optionalInteger(Columns.baseRevision),
            base: try (try stored.optionalText(Columns.base)).map(SyncJSON.value))
    }

    /// The row read strictly, named by its `seq` in messages.
    static func stored(_ row: Row) -> StoredRow {
        StoredRow(row, table: databaseTableName, idColumn: Columns.seq)
    }

    /// The oldest `:limit` operations of trip `:trip`, in order.
    static let oldest = "SELECT \(columnList(selected)) FROM outbox WHERE trip_id = :trip ORDER BY seq LIMIT :limit"

    /// How many operations of trip `:trip` wait (``count(_:_:)``).
    static let countOfTrip = "SELECT COUNT(*) FROM outbox WHERE trip_id = :trip"

    /// How many operations of `trip` wait.
    static func count(_ db: Database, _ trip: TripID) throws -> Int {
        try Int.fetchOne(db, sql: countOfTrip, arguments: ["trip": trip.rawValue]) ?? 0
    }

    /// 1 when changes to item `:item` of trip `:trip` wait.
    static let itemWaits = "SELECT 1 FROM outbox WHERE trip_id = :trip AND item = :item LIMIT 1"

    /// The base of the first waiting change to item `:item` of trip `:trip`, with its `seq`
    /// for messages: a chain of changes is checked against the revision the server had
    /// before it.
    static let firstBase = """
        SELECT seq, base_revision, base FROM outbox WHERE trip_id = :trip AND item = :item ORDER BY seq LIMIT 1
        """

    /// The items of trip `:trip` the server has (`remote_item`) or the outbox holds: what
    /// needs no create queued.
    static let knownItems = """
        SELECT item FROM remote_item WHERE trip_id = :trip UNION SELECT item FROM outbox WHERE trip_id = :trip
        """

    /// The INSERT ``insert(_:trip:opID:item:operation:baseRevision:base:at:)`` runs, its
    /// parameters in the order of the columns listed.
    private static let insertSQL = RowInserter.sql(into: databaseTableName, [
        Columns.tripID, Columns.opID, Columns.item, Columns.operation, Columns.baseRevision, Columns.base,
        Columns.createdAt,
    ])

    /// Appends one waiting operation (``OutboxRecorder``): the values are bound here, beside
    /// the column list they follow.
    static func insert(_ db: Database, trip: TripID, opID: String, item: String, operation: String,
                       baseRevision: Int64?, base: String?, at: Timestamp) throws {
        try db.execute(sql: insertSQL, arguments: [trip.rawValue, opID, item, operation, baseRevision, base, at.iso8601])
    }

    /// Id `:old` becomes `:new` in trip `:trip`'s waiting operations and their bases
    /// (``LocalRekey``).
    static let rekeySQL = """
        UPDATE outbox SET operation = replace(operation, :old, :new), base = replace(base, :old, :new),
            item = replace(item, :old, :new)
        WHERE trip_id = :trip AND (instr(operation, :old) > 0 OR instr(coalesce(base, ''), :old) > 0)
        """

    /// Operation `:op` of trip `:trip` leaves once the server answered it.
    static let answeredSQL = "DELETE FROM outbox WHERE op_id = :op AND trip_id = :trip"

    /// Every operation of trip `:trip` (an unlink).
    static let deleteTripSQL = "DELETE FROM outbox WHERE trip_id = :trip"
}
