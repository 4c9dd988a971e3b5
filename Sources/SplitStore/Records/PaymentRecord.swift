import GRDB
import SplitCore

/// A row of `payment`: money one member gave another. Deletion is soft (`deleted_at`).
struct PaymentRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "payment"

    enum Columns {
        static let id = Column("id")
        static let tripID = Column("trip_id")
        static let fromMember = Column("from_member")
        static let toMember = Column("to_member")
        static let amount = Column("amount")
        static let currency = Column("currency")
        static let paymentDate = Column("payment_date")
        static let note = Column("note")
        static let createdAt = Column("created_at")
        static let deletedAt = Column("deleted_at")
    }

    static var databaseSelection: [any SQLSelectable] {
        [Columns.id, Columns.fromMember, Columns.toMember, Columns.amount, Columns.currency, Columns.paymentDate,
         Columns.note]
    }

    /// The INSERT ``insert(_:_:trip:createdAt:)`` runs, its parameters in the order of the columns listed.
    private static let insertSQL = RowInserter.sql(into: databaseTableName, [
        Columns.id, Columns.tripID, Columns.fromMember, Columns.toMember, Columns.amount, Columns.currency,
        Columns.paymentDate, Columns.note, Columns.createdAt,
    ])

    /// Inserts `payment` into trip `trip` (the writer's): the values are bound here, beside the
    /// column list.
    static func insert(_ db: Database, _ payment: Payment, trip: TripID, createdAt: Timestamp) throws {
        try db.cachedStatement(sql: insertSQL).execute(arguments: [
            payment.id.rawValue, trip.rawValue, payment.from.rawValue, payment.to.rawValue, payment.amount.minorUnits,
            payment.amount.currency.code, payment.date.description, payment.note, createdAt.iso8601,
        ])
    }

    var payment: Payment

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        var currencies = CurrencyCache()
        payment = Payment(
            id: PaymentID(try stored.text(Columns.id)), from: MemberID(try stored.text(Columns.fromMember)),
            to: MemberID(try stored.text(Columns.toMember)),
            amount: try stored.money(Columns.amount, try stored.currency(Columns.currency, cache: &currencies)),
            date: try stored.date(Columns.paymentDate), note: try stored.optionalText(Columns.note))
    }

    /// The payment `id`, in whichever trip and state.
    static func withID(_ id: PaymentID) -> QueryInterfaceRequest<Self> {
        filter(Columns.id == id.rawValue)
    }

    /// The trip's live payments from or to `member`.
    static func naming(_ member: MemberID, trip: TripID) -> QueryInterfaceRequest<Self> {
        filter(Columns.tripID == trip.rawValue && Columns.deletedAt == nil
               && (Columns.fromMember == member.rawValue || Columns.toMember == member.rawValue))
    }

    /// The trip's live payments, newest date first, then newest created, then id.
    static func live(_ trip: TripID) -> QueryInterfaceRequest<Self> {
        filter(Columns.tripID == trip.rawValue && Columns.deletedAt == nil)
            .order(Columns.paymentDate.desc, Columns.createdAt.desc, Columns.id)
    }

    /// Ids of the trip's live payments starting with `prefix` (taken literally), at most `limit`.
    static func ids(_ trip: TripID, prefix: String, limit: Int) -> QueryInterfaceRequest<String> {
        filter(Columns.tripID == trip.rawValue && Columns.deletedAt == nil
               && Columns.id.like(likePattern(prefix) + "%", escape: "\\"))
            .select(Columns.id, as: String.self).limit(limit)
    }
}
