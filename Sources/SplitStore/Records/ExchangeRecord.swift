import GRDB
import SplitCore

/// A row of `currency_exchange`: one member's balance in one currency carried into another by
/// `settle --record --in` (``SplitCore/CurrencyExchange``). Rows are never edited; undo
/// deletes a step's rows.
struct ExchangeRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "currency_exchange"

    enum Columns {
        static let id = Column("id")
        static let tripID = Column("trip_id")
        static let stepID = Column("step_id")
        static let memberID = Column("member_id")
        static let fromAmount = Column("from_amount")
        static let fromCurrency = Column("from_currency")
        static let toAmount = Column("to_amount")
        static let toCurrency = Column("to_currency")
        static let exchangeDate = Column("exchange_date")
        static let createdAt = Column("created_at")
    }

    static var databaseSelection: [any SQLSelectable] {
        [Columns.id, Columns.stepID, Columns.memberID, Columns.fromAmount, Columns.fromCurrency, Columns.toAmount,
         Columns.toCurrency, Columns.exchangeDate]
    }

    private static let insertSQL = RowInserter.sql(into: databaseTableName, [
        Columns.id, Columns.tripID, Columns.stepID, Columns.memberID, Columns.fromAmount, Columns.fromCurrency,
        Columns.toAmount, Columns.toCurrency, Columns.exchangeDate, Columns.createdAt,
    ])

    /// Inserts `exchange` into trip `trip` (the writer's).
    static func insert(_ db: Database, _ exchange: CurrencyExchange, trip: TripID, createdAt: Timestamp) throws {
        try db.cachedStatement(sql: insertSQL).execute(arguments: [
            exchange.id.rawValue, trip.rawValue, exchange.step.rawValue, exchange.member.rawValue,
            exchange.from.minorUnits, exchange.from.currency.code, exchange.to.minorUnits, exchange.to.currency.code,
            exchange.date.description, createdAt.iso8601,
        ])
    }

    var exchange: CurrencyExchange

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        var currencies = CurrencyCache()
        exchange = CurrencyExchange(
            id: ExchangeID(try stored.text(Columns.id)), step: ExchangeID(try stored.text(Columns.stepID)),
            member: MemberID(try stored.text(Columns.memberID)),
            from: try stored.money(Columns.fromAmount, try stored.currency(Columns.fromCurrency, cache: &currencies)),
            to: try stored.money(Columns.toAmount, try stored.currency(Columns.toCurrency, cache: &currencies)),
            date: try stored.date(Columns.exchangeDate))
    }

    /// The trip's exchanges, newest date first, then newest recorded, then member and currency.
    static func ofTrip(_ trip: TripID) -> QueryInterfaceRequest<Self> {
        filter(Columns.tripID == trip.rawValue)
            .order(Columns.exchangeDate.desc, Columns.createdAt.desc, Columns.stepID, Columns.memberID, Columns.fromCurrency)
    }

    /// The rows of one settle step of the trip.
    static func ofStep(_ step: ExchangeID, trip: TripID) -> QueryInterfaceRequest<Self> {
        filter(Columns.tripID == trip.rawValue && Columns.stepID == step.rawValue)
    }

    static func exchanges(_ db: Database, trip: TripID) throws -> [CurrencyExchange] {
        try ofTrip(trip).fetchAll(db).map(\.exchange)
    }

    /// Whether the trip holds any exchange: only split-server with `conversions` holds them,
    /// so an upload elsewhere is refused.
    static func any(_ db: Database, trip: TripID) throws -> Bool {
        try filter(Columns.tripID == trip.rawValue).fetchCount(db) > 0
    }
}
