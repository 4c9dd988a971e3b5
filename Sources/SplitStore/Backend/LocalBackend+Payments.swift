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
        try database.read { db in try payments(db, trip: trip) }
    }

    /// The live payment `reference` names: its id or a unique prefix of it.
    public func payment(matching reference: String, trip: TripID) async throws -> Payment {
        try database.read { db in try findPayment(db, reference, trip: trip) }
    }

    /// Finds the payment `reference` names and replaces it with `edit`'s version of it, in one
    /// write. Returns the version found and the one stored (under a new id on a linked trip;
    /// see ``TripWriter/editPayment(_:)``).
    public func editPayment(matching reference: String, trip: TripID, at: Timestamp,
                            _ edit: (Payment) throws -> Payment) async throws -> (old: Payment, stored: Payment) {
        try write(trip, at: at) { writer in
            let old = try findPayment(writer.db, reference, trip: trip)
            return (old, try writer.editPayment(try edit(old), old: old))
        }
    }

    /// Deletes the payment `reference` names (undo brings it back); returns it.
    public func deletePayment(matching reference: String, trip: TripID, at: Timestamp) async throws -> Payment {
        try write(trip, at: at) { writer in
            let payment = try findPayment(writer.db, reference, trip: trip)
            try writer.deletePayment(payment)
            return payment
        }
    }

    /// Live payments, newest date first.
    func payments(_ db: Database, trip: TripID) throws -> [Payment] {
        try PaymentRecord.live(trip).fetchAll(db).map(\.payment)
    }

    /// One live payment of the trip, or nil.
    func payments(_ db: Database, trip: TripID, id: PaymentID) throws -> Payment? {
        try PaymentRecord.live(trip).filter(PaymentRecord.Columns.id == id.rawValue).fetchOne(db)?.payment
    }

    /// The live payment whose id is or starts with `reference` (``SplitCore/ItemReference``'s
    /// minimum at least). An expense's id is named as such, as people mix the two up.
    func findPayment(_ db: Database, _ reference: String, trip: TripID) throws -> Payment {
        guard let key = ItemReference.idPrefix(reference) else {
            throw ResolutionError.tooShortPrefix(what: "payment", reference: reference)
        }
        let ids = try PaymentRecord.ids(trip, prefix: key, limit: ItemReference.listed + 1).fetchAll(db)
        guard let id = ids.first else {
            if try !ExpenseRecord.ids(trip, prefix: key, includeDeleted: false, limit: 1).fetchAll(db).isEmpty {
                throw StoreError.notFound("'\(reference)' is an expense, not a payment; see it with: split expense show \(reference)")
            }
            throw TripWriter.notFound(PaymentID(reference))
        }
        let whole = ids.first { $0.lowercased() == key }
        guard ids.count == 1 || whole != nil else {
            let names = try memberNames(db, trip: trip, includingRemoved: true)
            let found = try ids.prefix(ItemReference.listed).compactMap { try payments(db, trip: trip, id: PaymentID($0)) }
            let candidates = found.map { "\($0.id.short) \($0.date) \(TripWriter.describe($0, names))" }
            throw ResolutionError.ambiguousItem(what: "payment", reference: reference,
                                                candidates: ItemReference.list(candidates, total: ids.count))
        }
        let chosen = whole ?? id
        guard let payment = try payments(db, trip: trip, id: PaymentID(chosen)) else { throw StoreError.notFound("payment \(chosen) vanished") }
        return payment
    }
}
