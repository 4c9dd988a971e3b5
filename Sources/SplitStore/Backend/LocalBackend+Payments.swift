import GRDB
import SplitCore

extension LocalBackend {
    @discardableResult
    public func addPayment(_ payment: Payment, trip: TripID, at: Timestamp) async throws -> Payment {
        guard payment.from != payment.to else { throw StoreError.invalid("a payment needs two different members") }
        guard payment.amount.minorUnits > 0 else { throw MoneyError.notPositive(payment.amount.majorText) }
        try database.write { db in
            let names = try memberNames(db, trip: trip)
            guard names[payment.from] != nil, names[payment.to] != nil else {
                throw StoreError.invalid("both members of a payment must be in this trip")
            }
            try db.execute(sql: """
                INSERT INTO payment (id, trip_id, from_member, to_member, amount, currency, payment_date, note, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    payment.id.rawValue, trip.rawValue, payment.from.rawValue, payment.to.rawValue,
                    payment.amount.minorUnits, payment.amount.currency.code, payment.date.description, payment.note, at.iso8601,
                ])
            try log(db, trip: trip, at: at, action: "payment.add",
                    summary: "\(names[payment.from] ?? "?") paid \(names[payment.to] ?? "?") \(payment.amount)",
                    undo: .removePayment(payment.id.rawValue))
        }
        return payment
    }

    public func payments(trip: TripID) async throws -> [Payment] {
        try database.read { db in
            var currencies = CurrencyCache()
            return try Row.fetchAll(db, sql: """
                SELECT id, from_member, to_member, amount, currency, payment_date, note FROM payment
                WHERE trip_id = ? AND deleted_at IS NULL ORDER BY payment_date DESC, created_at DESC, id
                """, arguments: [trip.rawValue]
            ).map { row in
                Payment(
                    id: PaymentID(row[0] as String), from: MemberID(row[1] as String), to: MemberID(row[2] as String),
                    amount: Money(minorUnits: row[3], currency: try currencies.currency(row[4])),
                    date: CivilDate(parsing: row[5]) ?? CivilDate(year: 1970, month: 1, day: 1)!, note: row[6])
            }
        }
    }
}
