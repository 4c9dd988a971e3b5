import GRDB
import SplitCore

/// A row of `trip`, read as the ``SplitCore/Trip`` it holds. Names are unique on this device
/// by `name_key` (case-insensitive).
struct TripRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "trip"

    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
        static let nameKey = Column("name_key")
        static let currency = Column("currency")
        static let createdAt = Column("created_at")
    }

    static var databaseSelection: [any SQLSelectable] { [Columns.id, Columns.name, Columns.currency] }

    /// The INSERT ``insert(_:_:name:currency:at:)`` runs, its parameters in the order of the columns listed.
    private static let insertSQL = RowInserter.sql(
        into: databaseTableName, [Columns.id, Columns.name, Columns.nameKey, Columns.currency, Columns.createdAt])

    /// Inserts trip `trip` (the writer's): the values are bound here, beside the column list.
    static func insert(_ db: Database, _ trip: TripID, name: String, currency: Currency, at: Timestamp) throws {
        try db.execute(sql: insertSQL, arguments: [trip.rawValue, name, Member.key(for: name), currency.code, at.iso8601])
    }

    var trip: Trip

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        var currencies = CurrencyCache()
        trip = Trip(id: TripID(try stored.text(Columns.id)), name: try stored.text(Columns.name),
                    currency: try stored.currency(Columns.currency, cache: &currencies))
    }

    /// Trip `:id`, as a fixed statement: for the sync's reads (see ``TripLinkRecord``).
    static let byID = "SELECT \(columnList([Columns.id, Columns.name, Columns.currency])) FROM trip WHERE id = :id"

    /// The trip `id`.
    static func withID(_ id: TripID) -> QueryInterfaceRequest<Self> {
        filter(Columns.id == id.rawValue)
    }

    /// The trip named `key` (a ``SplitCore/Member/key(for:)``), other than `other`.
    static func named(_ key: String, except other: TripID? = nil) -> QueryInterfaceRequest<Self> {
        filter(Columns.nameKey == key && Columns.id != (other?.rawValue ?? ""))
    }

    /// Trips whose `column` starts with `prefix`, taken literally (``likePattern(_:)``).
    static func prefixed(_ column: Column, _ prefix: String) -> QueryInterfaceRequest<Self> {
        filter(column.like(likePattern(prefix) + "%", escape: "\\"))
    }

    /// Every trip with its live members and expenses counted (``memberCount``,
    /// ``expenseCount``) and its creation time, by name: the trip list.
    static var overviews: SQLRequest<Row> {
        SQLRequest(sql: """
            SELECT t.id, t.name, t.currency, t.created_at,
                (SELECT COUNT(*) FROM member m WHERE m.trip_id = t.id AND m.removed_at IS NULL) AS member_count,
                (SELECT COUNT(*) FROM expense e WHERE e.trip_id = t.id AND e.deleted_at IS NULL) AS expense_count
            FROM trip t ORDER BY t.name_key
            """)
    }

    /// The live members of a trip in ``overviews``.
    static let memberCount = Column("member_count")
    /// The live expenses of a trip in ``overviews``.
    static let expenseCount = Column("expense_count")

    /// The trip the `current_trip` setting names.
    static var current: SQLRequest<TripRecord> {
        SQLRequest(sql: """
            SELECT t.id, t.name, t.currency FROM setting s JOIN trip t ON t.id = s.value WHERE s.key = 'current_trip'
            """)
    }

    /// Throws unless trip `trip` exists: a write to a trip another process deleted stops here.
    static func require(_ db: Database, _ trip: TripID) throws {
        guard try exists(db, key: trip.rawValue) else {
            throw StoreError.notFound("trip \(trip.short) no longer exists")
        }
    }
}
