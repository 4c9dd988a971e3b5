import GRDB
import SplitCore

/// A row of `trip_link` (``SchemaV4``): the cloud group a local trip syncs with, and the
/// server revision the trip holds. A trip without one is local only, so every command reads
/// it with its trip, once (``LinkCache``), and every write that queues asks that copy
/// (``OutboxRecorder/open(_:_:_:)``).
///
/// Its statements, like those of the other sync tables' records, are fixed, built once from
/// ``Columns`` and taking bound arguments, rather than query-interface requests: GRDB reads a
/// table's schema before its first query-interface fetch (`PRAGMA table_xinfo`, `table_list`,
/// `index_list`), and the schema list before its first `deleteAll` or `updateAll` on a
/// connection (`PRAGMA database_list`, `sqlite_master`), statements that a command which never
/// needed them would now run.
struct TripLinkRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "trip_link"

    enum Columns {
        static let tripID = Column("trip_id")
        static let server = Column("server")
        static let account = Column("account")
        static let groupID = Column("group_id")
        static let syncProtocol = Column("protocol")
        static let revision = Column("revision")
        static let linkedAt = Column("linked_at")
        static let syncedAt = Column("synced_at")
        static let serverKeeps = Column("server_keeps")
    }

    /// What the record reads, in the order of ``SplitCore/TripLink``.
    static let selected = [
        Columns.tripID, Columns.server, Columns.account, Columns.groupID, Columns.syncProtocol, Columns.revision,
        Columns.linkedAt, Columns.syncedAt, Columns.serverKeeps,
    ]

    var link: TripLink

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName, idColumn: Columns.tripID)
        guard let kind = TripLink.SyncProtocol(rawValue: try stored.text(Columns.syncProtocol)) else {
            throw stored.unreadable(Columns.syncProtocol, expected: "feed or snapshot")
        }
        link = TripLink(
            trip: TripID(try stored.text(Columns.tripID)), server: try stored.text(Columns.server),
            account: try stored.text(Columns.account), group: try stored.text(Columns.groupID), syncProtocol: kind,
            revision: try stored.integer(Columns.revision), linkedAt: try stored.timestamp(Columns.linkedAt),
            syncedAt: try stored.optionalTimestamp(Columns.syncedAt),
            serverKeeps: try stored.optionalText(Columns.serverKeeps).map(TripOwnPart.parts))
    }

    /// The link of trip `:trip`.
    static let ofTrip = "SELECT \(columnList(selected)) FROM trip_link WHERE trip_id = :trip"

    /// Every link, oldest first.
    static let all = "SELECT \(columnList(selected)) FROM trip_link ORDER BY linked_at, trip_id"

    /// The name of the local trip other than `:trip` that is linked to group `:group` of
    /// `:server` and `:account`: a group is linked to one trip at most.
    static let otherTripName = """
        SELECT t.name FROM trip_link l JOIN trip t ON t.id = l.trip_id
        WHERE l.server = :server AND l.account = :account AND l.group_id = :group AND l.trip_id <> :trip
        """

    /// Links a trip, or links it anew to another group: the revision starts again at 0 (the
    /// column's default), so the next pull confirms every item.
    static let linkSQL = RowInserter.sql(
        into: databaseTableName,
        [Columns.tripID, Columns.server, Columns.account, Columns.groupID, Columns.syncProtocol, Columns.linkedAt],
        then: """
            ON CONFLICT (trip_id) DO UPDATE SET server = excluded.server, account = excluded.account,
                group_id = excluded.group_id, protocol = excluded.protocol, revision = 0, linked_at = excluded.linked_at,
                server_keeps = NULL
            """)

    /// What trip `:trip`'s server keeps now (``TripOwnPart/text(_:)``).
    static let serverKeepsSQL = "UPDATE trip_link SET server_keeps = :keeps WHERE trip_id = :trip"

    /// A sync's end: trip `:trip` holds revision `:revision` (never moved back by a sync that
    /// raced another) and synced at `:at`. Answers the revision now held, and no row when the
    /// trip is no longer linked: the check and the write are one statement.
    static let advanceSQL = """
        UPDATE trip_link SET revision = max(revision, :revision), synced_at = :at WHERE trip_id = :trip
        RETURNING revision
        """

    /// A sync that found nothing new: trip `:trip` synced at `:at`.
    static let syncedSQL = "UPDATE trip_link SET synced_at = :at WHERE trip_id = :trip"

    /// Unlinks trip `:trip`.
    static let deleteSQL = "DELETE FROM trip_link WHERE trip_id = :trip"

    /// Trip `trip`'s link, or nil when it is local only. Read through ``StoreRun/link(_:_:)``,
    /// which remembers it for the command.
    static func link(_ db: Database, _ trip: TripID) throws -> TripLink? {
        try fetchOne(db, sql: ofTrip, arguments: ["trip": trip.rawValue])?.link
    }
}
