import GRDB
import SplitCore

extension LocalBackend {
    @discardableResult
    public func addPayment(_ payment: Payment, trip: TripID, at: Timestamp) async throws -> Payment {
        try write(trip, at: at) { writer in
            try writer.apply(.addPayment(payment))
        }
        return payment
    }

    public func payments(trip: TripID) async throws -> [Payment] {
        try database.read { db in try payments(db, trip: trip) }
    }

    /// Live payments, newest date first.
    func payments(_ db: Database, trip: TripID) throws -> [Payment] {
        try payments(db, where: "trip_id = ?", arguments: [trip.rawValue])
    }

    /// One live payment of the trip, or nil.
    func payments(_ db: Database, trip: TripID, id: PaymentID) throws -> Payment? {
        try payments(db, where: "trip_id = ? AND id = ?", arguments: [trip.rawValue, id.rawValue]).first
    }

    private func payments(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [Payment] {
        var currencies = CurrencyCache()
        return try Row.fetchAll(db, sql: """
            SELECT id, from_member, to_member, amount, currency, payment_date, note FROM payment
            WHERE \(condition) AND deleted_at IS NULL ORDER BY payment_date DESC, created_at DESC, id
            """, arguments: arguments
        ).map { row in
            let stored = StoredRow(row, table: "payment")
            return Payment(
                id: PaymentID(try stored.text(0, "id")), from: MemberID(try stored.text(1, "from_member")),
                to: MemberID(try stored.text(2, "to_member")),
                amount: try stored.money(3, "amount", try stored.currency(4, "currency", cache: &currencies)),
                date: try stored.date(5, "payment_date"), note: try stored.optionalText(6, "note"))
        }
    }
}
