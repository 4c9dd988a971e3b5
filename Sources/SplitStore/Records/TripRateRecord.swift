import GRDB
import SplitCore

/// A row of `trip_rate`: the rate of one currency into the trip's, kept as the decimal text
/// it was given in (never a `Double`).
struct TripRateRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "trip_rate"

    enum Columns {
        static let tripID = Column("trip_id")
        static let currency = Column("currency")
        static let rate = Column("rate")
    }

    /// The upsert the writer runs: a new rate, or a new value for the currency's rate.
    static let putSQL = RowInserter.sql(
        into: databaseTableName, [Columns.tripID, Columns.currency, Columns.rate],
        then: "ON CONFLICT (trip_id, currency) DO UPDATE SET rate = excluded.rate")

    /// The insert an import runs: a rate the trip holds already stays as it is.
    static let addSQL = RowInserter.sql(
        into: databaseTableName, [Columns.tripID, Columns.currency, Columns.rate], then: "ON CONFLICT DO NOTHING")

    /// The currency code, as stored.
    var currency: String
    var rate: ExchangeRate

    /// A rate row; messages name the row by its trip, as the table has no id of its own.
    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName, idColumn: Columns.tripID)
        currency = try stored.text(Columns.currency)
        guard let rate = try? ExchangeRate(parsing: try stored.text(Columns.rate)) else {
            throw stored.unreadable(Columns.rate, label: "rate (currency \(currency))", expected: "a positive decimal rate")
        }
        self.rate = rate
    }

    /// The rate of currency `:currency` in trip `:trip`, as a fixed statement: for the sync's
    /// reads (see ``TripLinkRecord``).
    static let byCurrency = """
        SELECT \(columnList([Columns.tripID, Columns.currency, Columns.rate])) FROM trip_rate
        WHERE trip_id = :trip AND currency = :currency
        """

    /// The rates of `trip`.
    static func of(_ trip: TripID) -> QueryInterfaceRequest<Self> {
        filter(Columns.tripID == trip.rawValue)
    }

    /// The rate of `currency` in `trip`.
    static func of(_ trip: TripID, currency: String) -> QueryInterfaceRequest<Self> {
        of(trip).filter(Columns.currency == currency)
    }

    /// The trip's rates by currency code.
    static func rates(_ db: Database, trip: TripID) throws -> [String: ExchangeRate] {
        var rates: [String: ExchangeRate] = [:]
        for record in try of(trip).fetchAll(db) {
            rates[record.currency] = record.rate
        }
        return rates
    }
}
