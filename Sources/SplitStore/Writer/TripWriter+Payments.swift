import GRDB
import SplitCore

private typealias Columns = PaymentRecord.Columns

extension TripWriter {
    /// Records payments as one change: one activity entry, which undo reverts whole (one
    /// `pay`, or every transfer of `settle --record`).
    func addPayments(_ payments: [Payment]) throws {
        guard !payments.isEmpty else { return }
        let names = try MemberRecord.names(db, trip: trip)
        for payment in payments {
            try check(payment, names: names)
            try insertPayment(payment)
            try queue(.createPayment(payment), before: nil)
        }
        let summary = payments.count == 1
            ? PaymentRecord.describe(payments[0], names)
            : "recorded \(payments.count) payments: " + payments.map { PaymentRecord.describe($0, names) }.joined(separator: "; ")
        try log("payment.add", summary, undo: .removePayments(payments.map(\.id.rawValue)))
    }

    /// Replaces the live payment with `payment.id` by `payment`; returns the version stored.
    ///
    /// Neither server updates a payment in place (split-server and the Node server create and
    /// delete them), so on a linked trip the edit deletes the old payment and creates the new
    /// version under a new id, here and there, the way a restored expense comes back.
    /// `known` is the stored version when the caller has just read it in this transaction.
    @discardableResult
    func editPayment(_ payment: Payment, old known: Payment? = nil) throws -> Payment {
        guard let old = try known ?? PaymentRecord.payment(db, payment.id, trip: trip) else {
            throw PaymentRecord.notFound(payment.id)
        }
        let names = try MemberRecord.names(db, trip: trip)
        try check(payment, names: names)
        let stored: Payment
        if linked {
            stored = payment.withID(PaymentID(run.ids()))
            try softDeletePayment(old.id)
            try queue(.deletePayment(old.id), before: .payment(old))
            try insertPayment(stored)
            try queue(.createPayment(stored), before: nil)
        } else {
            stored = payment
            try overwritePayment(payment, createdAt: nil)
        }
        try log("payment.edit", "edited payment: \(PaymentRecord.describe(old, names)) → \(PaymentRecord.describe(stored, names))",
                undo: .restorePayment(PaymentSnapshot(old), removing: stored.id == old.id ? [] : [stored.id.rawValue]))
        return stored
    }

    /// Deletes a payment: for good when undo removes what the reverted change added, else
    /// soft, so undo can bring it back.
    func deletePayment(_ id: PaymentID) throws {
        if origin.purges {
            let before = try before(.payment(id))
            try PaymentRecord.withID(id).filter(Columns.tripID == trip.rawValue).deleteAll(db)
            if let before { try queue(.deletePayment(id), before: before) }
            return
        }
        guard let payment = try PaymentRecord.payment(db, id, trip: trip) else {
            // A command names a live payment; for other origins one already gone is done.
            if origin == .command { throw PaymentRecord.notFound(id) }
            return
        }
        try deletePayment(payment)
    }

    /// Soft-deletes `payment`, read in this transaction.
    func deletePayment(_ payment: Payment) throws {
        try softDeletePayment(payment.id)
        try queue(.deletePayment(payment.id), before: .payment(payment))
        try log("payment.delete", "deleted payment: \(PaymentRecord.describe(payment, try MemberRecord.names(db, trip: trip)))",
                undo: .undeletePayment(payment.id.rawValue))
    }

    /// Brings a deleted payment back. The server never revives a deleted id, so on a linked
    /// trip it comes back under a new id, here and there.
    func restorePayment(_ id: PaymentID) throws {
        guard let deleted = try PaymentRecord.withID(id).filter(Columns.tripID == trip.rawValue).fetchOne(db)?.payment else {
            throw StoreError.cannotUndo("payment \(id.short) is no longer stored")
        }
        if linked {
            let revived = deleted.withID(PaymentID(run.ids()))
            try insertPayment(revived)
            try queue(.createPayment(revived), before: nil)
        } else {
            try PaymentRecord.withID(id).filter(Columns.tripID == trip.rawValue).updateAll(db, Columns.deletedAt.set(to: nil))
        }
    }

    /// SplitCore's payment rule, the note's text rule, and both members live in the trip;
    /// checked for the origins that validate.
    func check(_ payment: Payment, names: [MemberID: String]) throws {
        guard origin.validates else { return }
        try payment.validate()
        if let note = payment.note { try TextRules.check(note, field: "note", allowing: TextRules.noteAllows) }
        try MembershipRule.check(payment) { names[$0] != nil }
    }

    // MARK: Rows

    private func softDeletePayment(_ id: PaymentID) throws {
        try PaymentRecord.withID(id).filter(Columns.tripID == trip.rawValue && Columns.deletedAt == nil)
            .updateAll(db, Columns.deletedAt.set(to: at.iso8601))
    }

    /// Inserts a payment row. `createdAt` is the server's or the file's creation time, else now.
    func insertPayment(_ payment: Payment, createdAt: Timestamp? = nil) throws {
        try PaymentRecord.insert(db, payment, trip: trip, createdAt: createdAt ?? at)
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
