import Foundation
import PostgresNIO
import SplitAPI
import SplitCore

/// Every write to one group, inside one transaction that has already bumped the group's
/// revision: the single routes make one of these per request, and the batch sync one per batch.
///
/// It owns the `If-Match` rule, so the single routes and the sync ops cannot disagree on it:
/// the expected revision is compared with the item's revision *before this transaction first
/// touched it*. For a single route that is simply the stored revision; in a batch it means a
/// client's later op on an item is not a conflict with its own earlier op on the same item.
final class GroupWriter {
    let services: ServerServices
    let connection: PostgresConnection
    let group: UUID
    let user: AuthenticatedUser
    /// The revision this transaction writes.
    let revision: Int64
    /// Revisions of the items this transaction touched, as they were before it did.
    private var before: [String: Int64] = [:]
    /// Whether each rate a batch set with `ifMatch` 0 existed before the batch (nil: it did
    /// not), so the client's own later op on it is not a conflict.
    private var ratesBefore: [String: Int64?] = [:]

    init(services: ServerServices, connection: PostgresConnection, group: UUID, user: AuthenticatedUser, revision: Int64) {
        self.services = services
        self.connection = connection
        self.group = group
        self.user = user
        self.revision = revision
    }

    /// Starts a write transaction's writer on `group`: bumps its revision, which locks it.
    static func begin(services: ServerServices, connection: PostgresConnection, group: UUID, user: AuthenticatedUser)
        async throws -> GroupWriter {
        let revision = try await services.groups.bump(group, on: connection)
        return GroupWriter(services: services, connection: connection, group: group, user: user, revision: revision)
    }

    // MARK: Members

    func createMember(id: UUID?, name: String) async throws -> (member: MemberRecord, created: Bool) {
        try await services.members.add(name: name, id: id, group: group, revision: revision, on: connection)
    }

    func renameMember(_ member: UUID, to name: String, ifMatch: Int64?) async throws -> MemberRecord {
        let current = try await services.members.lockRevision(member, group: group, on: connection)
        try await check("member:\(member)", current: current, expected: ifMatch) {
            try await self.services.feed.member(member, group: self.group, on: self.connection)
        } missing: { MemberError.notFound(member: member) }
        return try await services.members.rename(member: member, group: group, to: name, revision: revision, on: connection)
    }

    func removeMember(_ member: UUID, ifMatch: Int64?) async throws {
        let current = try await services.members.lockRevision(member, group: group, on: connection)
        try await check("member:\(member)", current: current, expected: ifMatch) {
            try await self.services.feed.member(member, group: self.group, on: self.connection)
        } missing: { MemberError.notFound(member: member) }
        try await services.members.remove(member: member, group: group, revision: revision, on: connection)
    }

    /// Sets (nil: clears) the day a member moved out (feature `departures`): set whole, the
    /// later write winning, so no If-Match.
    func setDeparture(_ member: UUID, leftOn: CivilDate?) async throws {
        try await services.members.setDeparture(member, group: group, leftOn: leftOn, revision: revision, on: connection)
    }

    // MARK: Expenses

    func createExpense(_ draft: ExpenseDraft, id: UUID?) async throws -> (id: UUID, created: Bool) {
        try await services.expenses.create(draft, id: id, group: group, user: user.id, revision: revision, on: connection)
    }

    func updateExpense(_ expense: UUID, with draft: ExpenseDraft, ifMatch: Int64?) async throws {
        try await lockExpense(expense, ifMatch: ifMatch, action: "edit")
        try await services.expenses.update(expense, group: group, with: draft, user: user.id, revision: revision, on: connection)
    }

    func deleteExpense(_ expense: UUID, ifMatch: Int64?) async throws {
        try await lockExpense(expense, ifMatch: ifMatch, action: "delete")
        try await services.expenses.delete(expense, group: group, user: user.id, revision: revision, on: connection)
    }

    /// Sets a share's paid state; the share is named by its split id, or by its member.
    func setPaid(expense: UUID, split: UUID?, member: UUID?, isPaid: Bool, reason: String?, ifMatch: Int64?) async throws {
        try await lockExpense(expense, ifMatch: ifMatch, action: nil)
        var target = split
        if target == nil, let member {
            target = try await services.splits.split(expense: expense, member: member, on: connection)
            guard target != nil else { throw ExpenseError.noShare(member: member, expense: expense) }
        }
        guard let target else { throw ExpenseError.shareUnnamed }
        try await services.splits.setPaid(target, expense: expense, isPaid: isPaid, reason: reason, user: user.id,
                                          ip: RequestOrigin.clientIP, revision: revision, on: connection)
    }

    /// Locks a live expense after checking `ifMatch` and, for edits and deletes, that the user
    /// may change it (its creator, the group's owner or an admin, as on the Node server).
    private func lockExpense(_ expense: UUID, ifMatch: Int64?, action: String?) async throws {
        let state = try await services.expenses.lockRevision(expense, group: group, on: connection)
        if state == nil {
            // A payer's listing row of an expense several paid is not an expense of its own.
            try await services.expenses.refusePartRow(expense, includingDeleted: true, on: connection)
        }
        let live = state.flatMap { $0.deleted ? nil : $0.revision }
        try await check("expense:\(expense)", current: live, expected: ifMatch) {
            try await self.services.feed.expense(expense, group: self.group, on: self.connection)
        } missing: { ExpenseError.notFound(expense: expense) }
        if let action, !(try await services.expenses.canEdit(expense, user: user.id, on: connection)) {
            throw ExpenseError.notEditor(action: action)
        }
    }

    // MARK: Payments

    func createPayment(id: UUID?, from: UUID, to: UUID, amount: Money, date: CivilDate, note: String?) async throws
        -> (payment: PaymentRecord, created: Bool) {
        try await services.payments.create(
            id: id, from: from, to: to, amount: amount, date: date, note: note, group: group, user: user.id,
            revision: revision, on: connection)
    }

    func deletePayment(_ payment: UUID, ifMatch: Int64?) async throws {
        let current = try await services.payments.lockRevision(payment, group: group, on: connection)
        try await check("payment:\(payment)", current: current, expected: ifMatch) {
            try await self.services.feed.payment(payment, group: self.group, on: self.connection)
        } missing: { SettlementPaymentError.notFound(payment: payment) }
        try await services.payments.delete(payment, group: group, revision: revision, on: connection)
    }

    // MARK: Settle steps (feature `conversions`)

    func recordExchanges(_ step: ExchangeStep) async throws {
        try await services.exchanges.record(step, group: group, user: user.id, revision: revision, on: connection)
    }

    func removeExchanges(_ step: UUID, ifMatch: Int64?) async throws {
        let current = try await services.exchanges.lockRevision(step, group: group, on: connection)
        try await check("exchanges:\(step)", current: current, expected: ifMatch) {
            try await self.services.feed.exchangeStep(step, group: self.group, on: self.connection)
        } missing: { ExchangeStepError.notFound(step: step) }
        try await services.exchanges.remove(step, group: group, revision: revision, on: connection)
    }

    // MARK: Rates and the group's fields

    /// Sets the rate, or removes it when `rate` is nil.
    func setRate(_ currency: Currency, rate: ExchangeRate?, ifMatch: Int64?) async throws -> Components.Schemas.RateChange? {
        if rate != nil, try await services.groups.currency(of: group, on: connection) == currency.code {
            throw RateError.ownCurrency(currency)
        }
        let current = try await services.rates.lockRevision(currency.code, group: group, on: connection)
        if ifMatch == 0 {
            // The client saw no such rate: two devices that each set a new one clash.
            let key = "rate:\(currency.code)"
            let seen: Int64?
            if let recorded = ratesBefore[key] {
                seen = recorded
            } else {
                seen = current
                ratesBefore[key] = .some(current)
            }
            if seen != nil, let now = try await services.feed.rate(currency.code, group: group, on: connection) {
                throw StaleRevision(current: now, expected: 0)
            }
        } else if current != nil || ifMatch != nil {
            try await check("rate:\(currency.code)", current: current, expected: ifMatch) {
                try await self.services.feed.rate(currency.code, group: self.group, on: self.connection)
            } missing: { RateError.notFound(currency) }
        }
        if let rate {
            return try await services.rates.set(currency, rate: rate, group: group, revision: revision, on: connection)
        }
        try await services.rates.delete(currency, group: group, revision: revision, on: connection)
        return nil
    }

    func updateGroup(name: String?, description: String??, currency: String?, ifMatch: Int64?) async throws -> GroupRecord {
        let current = try await services.groups.lockFields(group, on: connection)
        try await check("group", current: current, expected: ifMatch) {
            try await self.services.feed.groupFields(self.group, on: self.connection)
        } missing: { GroupError.notFound(group: self.group) }
        return try await services.groups.update(group, name: name, description: description, currency: currency,
                                                revision: revision, on: connection)
    }

    // MARK: If-Match

    /// Throws ``StaleRevision`` when `expected` is not the revision the item had before this
    /// transaction touched it, or the item is gone but left a tombstone; `missing` when it never
    /// existed (or is gone, without an `expected` revision).
    func check(_ key: String, current: Int64?, expected: Int64?, item: () async throws -> ChangeItem?,
                       missing: () -> any DomainError) async throws {
        guard let current else {
            if let expected, let tombstone = try await item() { throw StaleRevision(current: tombstone, expected: expected) }
            throw missing()
        }
        let seen = before[key] ?? current
        before[key] = seen
        if let expected, expected != seen, let now = try await item() {
            throw StaleRevision(current: now, expected: expected)
        }
    }
}
