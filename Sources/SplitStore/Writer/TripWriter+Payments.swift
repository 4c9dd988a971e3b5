import GRDB
import SplitCore

private typealias Columns = PaymentRecord.Columns

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
            try PaymentRecord.withID(id).filter(Columns.tripID == trip.rawValue).deleteAll(db)
        } else {
            try PaymentRecord.withID(id).filter(Columns.tripID == trip.rawValue && Columns.deletedAt == nil)
                .updateAll(db, Columns.deletedAt.set(to: at.iso8601))
        }
        if let before { try queue(.deletePayment(id), before: before) }
    }

    // MARK: Rows

    /// Inserts a payment row. `createdAt` is the server's or the file's creation time, else now.
    func insertPayment(_ payment: Payment, createdAt: Timestamp? = nil) throws {
        try db.cachedStatement(sql: PaymentRecord.insertSQL).execute(arguments: [
                payment.id.rawValue, trip.rawValue, payment.from.rawValue, payment.to.rawValue, payment.amount.minorUnits,
                payment.amount.currency.code, payment.date.description, payment.note, (createdAt ?? at).iso8601,
            ])
    }

    /// Makes the stored payment `payment` (live again if it was deleted); the creation time
    /// changes only when given.
    func overwritePayment(_ payment: Payment, createdAt: Timestamp?) throws {
        var assignments = [
            Columns.fromMember.set(to: payment.from.rawValue), Columns.toMember.set(to: payment.to.rawValue),
            Columns.amount.set(to: payment.amount.minorUnits), Columns.currency.set(to: payment.amount.currency.code),
            Columns.paymentDate.set(to: payment.date.description), Columns.note.set(to: payment.note),
            Columns.deletedAt.set(to: nil),
        ]
        if let createdAt { assignments.append(Columns.createdAt.set(to: createdAt.iso8601)) }
        try PaymentRecord.withID(payment.id).updateAll(db, assignments)
    }
}
