import GRDB
import SplitCore

/// A row of `member`: a person of one trip. Removal is soft (`removed_at`), so undo can bring
/// them back; live names are unique per trip by `name_key` (``SchemaV5``).
///
/// The record reads what listings show, the id and the name; the requests below are the
/// store's queries of the table, each built once with bound arguments.
struct MemberRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "member"

    enum Columns {
        static let id = Column("id")
        static let tripID = Column("trip_id")
        static let name = Column("name")
        static let nameKey = Column("name_key")
        static let createdAt = Column("created_at")
        static let removedAt = Column("removed_at")
        static let leftOn = Column("left_on")
    }

    static var databaseSelection: [any SQLSelectable] { [Columns.id, Columns.name] }

    /// The INSERT ``insert(_:_:trip:at:)`` runs, its parameters in the order of the columns listed.
    private static let insertSQL = RowInserter.sql(
        into: databaseTableName, [Columns.id, Columns.tripID, Columns.name, Columns.nameKey, Columns.createdAt])

    /// Inserts `member` into trip `trip` (the writer's): the values are bound here, beside the
    /// column list, through the cached ``RowInserter`` (an import adds members by the hundred).
    static func insert(_ db: Database, _ member: Member, trip: TripID, at: Timestamp) throws {
        try RowInserter(db, sql: insertSQL)
            .run([.text(member.id.rawValue), .text(trip.rawValue), .text(member.name), .text(member.nameKey), .text(at.iso8601)])
    }

    var id: MemberID
    var name: String

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        id = MemberID(try stored.text(Columns.id))
        name = try stored.text(Columns.name)
    }

    var member: Member { Member(id: id, name: name) }

    /// Every member of trip `:trip`, removed ones included, in no order: a fixed statement, for
    /// the sync's reads, which may be the first of their process to meet `member` (a
    /// query-interface fetch would read the table's schema first).
    static let everyOfTrip = "SELECT \(columnList([Columns.id, Columns.name])) FROM member WHERE trip_id = :trip"

    /// The live members of trip `:trip` in name order, as a fixed statement: the read every
    /// command starts with (its scope) and the writer's membership check. A query-interface
    /// fetch would first read the table's schema: four more statements, a walk of
    /// `sqlite_master` and a dozen first-time type checks in every process.
    static let liveOfTrip = """
        SELECT \(columnList([Columns.id, Columns.name])) FROM member
        WHERE trip_id = :trip AND removed_at IS NULL ORDER BY name_key, id
        """

    /// The live members of trip `:trip` who moved out, with the day (``SchemaMemberLeave``).
    /// A server's departure day for a live member (`:day` NULL: they live here).
    static let setDepartureSQL = "UPDATE member SET left_on = :day WHERE id = :id AND trip_id = :trip AND removed_at IS NULL"
    static let departuresOfTrip = "SELECT id, left_on FROM member WHERE trip_id = :trip AND removed_at IS NULL AND left_on IS NOT NULL"

    /// Live member `:id` of trip `:trip`, as a fixed statement, for the sync's reads.
    static let liveByID = """
        SELECT \(columnList([Columns.id, Columns.name])) FROM member
        WHERE id = :id AND trip_id = :trip AND removed_at IS NULL
        """

    /// The member `id`, in whichever trip and state.
    static func withID(_ id: MemberID) -> QueryInterfaceRequest<Self> {
        filter(Columns.id == id.rawValue)
    }

    /// The trip's members, live ones only unless `includingRemoved`.
    static func of(_ trip: TripID, includingRemoved: Bool = false) -> QueryInterfaceRequest<Self> {
        let all = filter(Columns.tripID == trip.rawValue)
        return includingRemoved ? all : all.filter(Columns.removedAt == nil)
    }

    /// Live members in name order.
    static func live(_ trip: TripID) -> QueryInterfaceRequest<Self> {
        of(trip).order(Columns.nameKey, Columns.id)
    }

    /// Every trip's live members with their trip (``Columns/tripID``), by trip and then in
    /// name order: the read of all trips at once (`split friends`).
    static var liveInEveryTrip: QueryInterfaceRequest<Self> {
        select(Columns.tripID, Columns.id, Columns.name).filter(Columns.removedAt == nil)
            .order(Columns.tripID, Columns.nameKey, Columns.id)
    }

    /// The live member `id` of the trip.
    static func live(_ id: MemberID, trip: TripID) -> QueryInterfaceRequest<Self> {
        of(trip).filter(Columns.id == id.rawValue)
    }
}
