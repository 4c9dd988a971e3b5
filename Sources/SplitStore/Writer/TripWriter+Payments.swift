import GRDB
import SplitCore

extension TripWriter {
    func addPayment(_ payment: Payment) throws {
        if origin.validates {
            try payment.validate()
            if let note = payment.note { try TextRules.check(note, field: "note", allowing: TextRules.noteAllows) }
        }
        let names = try backend.memberNames(db, trip: trip)
        try MembershipRule.check(payment) { names[$0] != nil }
        try insertPayment(payment)
        try queue(.createPayment(payment), before: nil)
        try log("payment.add", "\(names[payment.from] ?? "?") paid \(names[payment.to] ?? "?") \(payment.amount)",
                undo: .removePayment(payment.id.rawValue))
    }

    /// Deletes a payment: for good when undo removes what the reverted change added, else
    /// soft, as a pull or a merge deletes it.
    func deletePayment(_ id: PaymentID) throws {
        let before = try before(.payment(id))
        if origin.purges {
            try db.execute(sql: "DELETE FROM payment WHERE id = ? AND trip_id = ?", arguments: [id.rawValue, trip.rawValue])
        } else {
            try db.execute(sql: "UPDATE payment SET deleted_at = ? WHERE id = ? AND trip_id = ? AND deleted_at IS NULL",
                           arguments: [at.iso8601, id.rawValue, trip.rawValue])
        }
        if let before { try queue(.deletePayment(id), before: before) }
    }

    // MARK: Rows

    /// Inserts a payment row. `createdAt` is the server's or the file's creation time, else now.
    func insertPayment(_ payment: Payment, createdAt: Timestamp? = nil) throws {
        try db.cachedStatement(sql: """
            INSERT INTO payment (id, trip_id, from_member, to_member, amount, currency, payment_date, note, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                payment.id.rawValue, trip.rawValue, payment.from.rawValue, payment.to.rawValue, payment.amount.minorUnits,
                payment.amount.currency.code, payment.date.description, payment.note, (createdAt ?? at).iso8601,
            ])
    }

    /// Makes the stored payment `payment` (live again if it was deleted); the creation time
    /// changes only when given.
    func overwritePayment(_ payment: Payment, createdAt: Timestamp?) throws {
        try db.execute(sql: """
            UPDATE payment SET from_member = ?, to_member = ?, amount = ?, currency = ?, payment_date = ?, note = ?,
                deleted_at = NULL, created_at = coalesce(?, created_at) WHERE id = ?
            """, arguments: [payment.from.rawValue, payment.to.rawValue, payment.amount.minorUnits,
                             payment.amount.currency.code, payment.date.description, payment.note,
                             createdAt?.iso8601, payment.id.rawValue])
    }
}
