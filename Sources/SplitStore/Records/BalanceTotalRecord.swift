import GRDB
import SplitCore

/// A row of `balance_total`: one member's running totals in one currency, kept by the
/// schema's triggers (and by ``BulkTotals`` during a big import), so balances cost the same
/// for 10 expenses or 100,000.
struct BalanceTotalRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "balance_total"

    enum Columns {
        static let tripID = Column("trip_id")
        static let memberID = Column("member_id")
        static let currency = Column("currency")
        static let paid = Column("paid")
        static let share = Column("share")
        static let made = Column("made")
        static let received = Column("received")
    }

    /// The columns a balance reads, in the order of ``databaseSelection`` and ``nonZeroOfTrip``.
    private static let selected = [Columns.currency, Columns.memberID, Columns.paid, Columns.share, Columns.made, Columns.received]

    static var databaseSelection: [any SQLSelectable] { selected }

    /// The upsert ``BulkTotals`` runs: it adds to the totals a row already holds.
    static let addSQL = RowInserter.sql(
        into: databaseTableName,
        [Columns.tripID, Columns.memberID, Columns.currency, Columns.paid, Columns.share, Columns.made, Columns.received],
        then: """
            ON CONFLICT (trip_id, member_id, currency) DO UPDATE SET
                paid = paid + excluded.paid, share = share + excluded.share,
                made = made + excluded.made, received = received + excluded.received
            """)

    /// The currency code, as stored: the totals only copy it from expenses and payments.
    var currency: String
    var balance: MemberBalance

    /// A totals row. The currency is read as text only: balances refuse an unreadable code,
    /// naming the expense or payment it came from.
    init(row: Row) throws {
        let stored = Self.stored(row)
        currency = try stored.text(Columns.currency)
        balance = MemberBalance(
            memberID: MemberID(try stored.text(Columns.memberID)), totalPaid: try stored.integer(Columns.paid),
            totalShare: try stored.integer(Columns.share), paymentsMade: try stored.integer(Columns.made),
            paymentsReceived: try stored.integer(Columns.received))
    }

    /// The row read strictly; messages name it by its member, as the table has no id.
    static func stored(_ row: Row) -> StoredRow {
        StoredRow(row, table: databaseTableName, idColumn: Columns.memberID)
    }

    /// Trip `:trip`'s rows that hold any money, as a fixed statement: `balances` and `settle`
    /// read nothing else of the table, and a query-interface fetch would first read its schema.
    static let nonZeroOfTrip = """
        SELECT \(columnList(selected)) FROM balance_total
        WHERE trip_id = :trip AND (paid != 0 OR share != 0 OR made != 0 OR received != 0)
        """

    /// Every trip's rows that hold any money, with their trip (``Columns/tripID``): the read of
    /// all trips at once (`split friends`).
    static var nonZeroInEveryTrip: QueryInterfaceRequest<Self> {
        select([Columns.tripID as any SQLSelectable] + databaseSelection)
            .filter(Columns.paid != 0 || Columns.share != 0 || Columns.made != 0 || Columns.received != 0)
    }

    /// One member's row in one currency, if it holds one.
    static func of(_ member: MemberID, currency: Currency, trip: TripID) -> QueryInterfaceRequest<Self> {
        filter(Columns.tripID == trip.rawValue && Columns.memberID == member.rawValue && Columns.currency == currency.code)
    }
}
