import GRDB
import SplitCore

extension LocalBackend {
    @discardableResult
    public func addPayment(_ payment: Payment, trip: TripID, at: Timestamp) async throws -> Payment {
        try await addPayments([payment], trip: trip, at: at)
        return payment
    }

    /// Records `payments` as one change that undo reverts whole.
    public func addPayments(_ payments: [Payment], trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in
            try writer.apply(.addPayments(payments))
        }
    }

    /// Records `payment` and hands back the payer's net in its currency just before, read in
    /// the same transaction (what `pay`'s overshoot warning needs, ``PaymentOvershoot``).
    public func recordPayment(_ payment: Payment, trip: TripID, at: Timestamp) async throws -> (payment: Payment, payerNetBefore: Int64) {
        try write(trip, at: at) { writer in
            let before = try BalanceTotalRecord.of(payment.from, currency: payment.amount.currency, trip: trip)
                .fetchOne(writer.db)?.balance.net ?? 0
            try writer.apply(.addPayments([payment]))
            return (payment, before)
        }
    }

    /// Records the payments `plan` makes of the trip's balances, read in the same write
    /// transaction, so no change made meanwhile is left out of the plan: `settle --record`.
    /// Returns them; an empty plan writes nothing.
    public func recordSettlement(trip: TripID, at: Timestamp,
                                 _ plan: ([CurrencyBalances]) throws -> [Payment]) async throws -> [Payment] {
        try write(trip, at: at) { writer in
            let payments = try plan(try balances(writer.db, trip: trip))
            try writer.apply(.addPayments(payments))
            return payments
        }
    }

    public func payments(trip: TripID) async throws -> [Payment] {
        try database.read { db in try PaymentRecord.payments(db, trip: trip) }
    }

    /// The live payment `reference` names: its id or a unique prefix of it.
    public func payment(matching reference: String, trip: TripID) async throws -> Payment {
        try database.read { db in try PaymentRecord.find(db, reference, trip: trip) }
    }

    /// Finds the payment `reference` names and replaces it with `edit`'s version of it, in one
    /// write. Returns the version found and the one stored (under a new id on a linked trip;
    /// see ``TripWriter/editPayment(_:)``).
    public func editPayment(matching reference: String, trip: TripID, at: Timestamp,
                            _ edit: (Payment) throws -> Payment) async throws -> (old: Payment, stored: Payment) {
        try write(trip, at: at) { writer in
            let old = try PaymentRecord.find(writer.db, reference, trip: trip)
            return (old, try writer.editPayment(try edit(old), old: old))
        }
    }

    /// Deletes the payment `reference` names (undo brings it back); returns it.
    public func deletePayment(matching reference: String, trip: TripID, at: Timestamp) async throws -> Payment {
        try write(trip, at: at) { writer in
            let payment = try PaymentRecord.find(writer.db, reference, trip: trip)
            try writer.deletePayment(payment)
            return payment
        }
    }
}
