import GRDB
import SplitCore

/// The payment reads that the backend, the writer and the sync share, and the words they
/// use for a payment.
extension PaymentRecord {
    /// Live payments, newest date first.
    static func payments(_ db: Database, trip: TripID) throws -> [Payment] {
        try live(trip).fetchAll(db).map(\.payment)
    }

    /// The trip's newest `limit` live payments, newest first (a report's list).
    static func payments(_ db: Database, trip: TripID, limit: Int) throws -> [Payment] {
        try live(trip).limit(limit).fetchAll(db).map(\.payment)
    }

    /// One live payment of the trip, or nil.
    static func payment(_ db: Database, _ id: PaymentID, trip: TripID) throws -> Payment? {
        try live(trip).filter(Columns.id == id.rawValue).fetchOne(db)?.payment
    }

    /// The live payment whose id is or starts with `reference` (``SplitCore/ItemReference``'s
    /// minimum at least). An expense's id is named as such, as people mix the two up.
    static func find(_ db: Database, _ reference: String, trip: TripID) throws -> Payment {
        guard let key = ItemReference.idPrefix(reference) else {
            throw ResolutionError.tooShortPrefix(what: "payment", reference: reference)
        }
        let ids = try ids(trip, prefix: key, limit: ItemReference.listed + 1).fetchAll(db)
        guard let id = ids.first else {
            if try !ExpenseRecord.ids(trip, prefix: key, includeDeleted: false, limit: 1).fetchAll(db).isEmpty {
                throw StoreError.notFound("'\(reference)' is an expense, not a payment; see it with: split expense show \(reference)")
            }
            throw notFound(PaymentID(reference))
        }
        let whole = ids.first { $0.lowercased() == key }
        guard ids.count == 1 || whole != nil else {
            let names = try MemberRecord.names(db, trip: trip, includingRemoved: true)
            let found = try ids.prefix(ItemReference.listed).compactMap { try payment(db, PaymentID($0), trip: trip) }
            let candidates = found.map { "\($0.id.short) \($0.date) \(describe($0, names))" }
            throw ResolutionError.ambiguousItem(what: "payment", reference: reference,
                                                candidates: ItemReference.list(candidates, total: ids.count))
        }
        let chosen = whole ?? id
        guard let payment = try payment(db, PaymentID(chosen), trip: trip) else {
            throw StoreError.notFound("payment \(chosen) vanished")
        }
        return payment
    }

    /// "Bea paid Alex JPY 3,000": how the activity log and a list of candidates name a payment.
    static func describe(_ payment: Payment, _ names: [MemberID: String]) -> String {
        "\(names[payment.from] ?? payment.from.short) paid \(names[payment.to] ?? payment.to.short) \(payment.amount)"
    }

    /// The error for a payment id the trip does not hold live, with how to list the payments.
    static func notFound(_ id: PaymentID) -> StoreError {
        .notFound("no payment with id '\(id.rawValue)' in this trip; list them with: split payments")
    }
}
