import Foundation
import Testing
import SplitCore
@testable import SplitStore

/// The writer and the sync applier in-process, on a real SQLite file, with a small stand-in
/// for the server's side of the feed (no PostgreSQL, no binary).
///
/// Any sequence of local changes, undos, other devices' changes and syncs must keep the
/// trigger-kept balance totals equal to a recomputation from the rows; and once everything is
/// sent, the trip holds exactly what the server holds.
@Suite("Writer and applier, in-process")
struct SyncApplierTests {
    @Test(arguments: [11, 12, 13, 14, 15, 16])
    func randomLocalAndServerChangesKeepTotalsAndConverge(seed: UInt64) async throws {
        var fixture = try StoreFixture()
        var random = SplitMix64(seed: seed)
        let (trip, members) = try await fixture.trip(["Alex", "Bea", "Chen", "Dana"])
        let backend = fixture.backend
        let store = backend
        var server = FeedServer()
        // The server starts with what the trip had when it was linked.
        for member in members { server.store(.member(member)) }
        try store.linkTrip(trip.id, server: "http://127.0.0.1:1", account: "account", group: "group",
                           syncProtocol: .feed, at: fixture.tick())
        try store.apply(trip: trip.id, pushed: [], outcomes: [], changes: server.changes(since: 0), at: fixture.tick())
        var seen = server.revision

        for step in 0..<120 {
            let expenses = try await backend.expenses(trip: trip.id, filter: .all)
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1:
                let sharers = Array(members.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)))
                let expense = try StoreFixture.expense(Int64.random(in: 1...90_000, using: &random),
                                                       paidBy: members.randomElement(using: &random)!, among: sharers)
                try await backend.addExpenses([expense], trip: trip.id, at: fixture.tick())
            case 2 where !expenses.isEmpty:
                var edited = expenses.randomElement(using: &random)!
                edited.amount = Money(minorUnits: Int64.random(in: 1...90_000, using: &random), currency: edited.amount.currency)
                edited.splits = try SplitAllocator.splits(amount: edited.amount, rule: .equal(edited.splits.map(\.memberID)))
                try await backend.replaceExpense(edited, trip: trip.id, at: fixture.tick())
            case 3 where !expenses.isEmpty:
                try await backend.deleteExpense(expenses.randomElement(using: &random)!.id, trip: trip.id, at: fixture.tick())
            case 4:
                let pair = members.shuffled(using: &random).prefix(2)
                try await backend.addPayment(
                    Payment(id: PaymentID(StoreFixture.id()), from: pair.first!.id, to: pair.last!.id,
                            amount: Money(minorUnits: Int64.random(in: 1...5_000, using: &random), currency: trip.currency),
                            date: CivilDate(parsing: "2025-01-21")!),
                    trip: trip.id, at: fixture.tick())
            case 5:
                let newest = try await backend.activity(trip: trip.id, limit: 300).first { $0.undoneAt == nil }
                if let newest, newest.action != "member.add", newest.action != "trip.create" {
                    _ = try await backend.undo(trip: trip.id, at: fixture.tick())
                }
            case 6, 7:
                server.otherDevice(members: members, currency: trip.currency, using: &random)
            default:
                seen = try sync(store, trip: trip.id, server: &server, since: seen, at: fixture.tick())
            }
            if step % 8 == 7 {
                try await StoreFixture.expectTotalsMatchRecomputation(backend, trip: trip.id, members: members)
            }
        }
        // Everything sent and everything pulled: the trip is the server's, item for item.
        for _ in 0..<4 { seen = try sync(store, trip: trip.id, server: &server, since: seen, at: fixture.tick()) }
        #expect(try store.pendingCount(trip.id) == 0)
        #expect(!server.expenses.isEmpty && !server.payments.isEmpty, "the run made something to compare")
        try await StoreFixture.expectTotalsMatchRecomputation(backend, trip: trip.id, members: members)
        let local = try await backend.expenses(trip: trip.id, filter: .all).map(FeedServer.comparable)
        #expect(Set(local) == Set(server.expenses.map(FeedServer.comparable)))
        let payments = try await backend.payments(trip: trip.id)
        #expect(Set(payments) == Set(server.payments))
    }

    /// Pushes the outbox (the stand-in applies every operation) and pulls what changed after
    /// `since`; returns the revision now held.
    private func sync(_ store: LocalBackend, trip: TripID, server: inout FeedServer, since: Int64, at: Timestamp) throws -> Int64 {
        let pushed = try store.pending(trip, limit: 500)
        let outcomes = pushed.map { server.apply($0) }
        try store.apply(trip: trip, pushed: pushed, outcomes: outcomes, changes: server.changes(since: since), at: at)
        return server.revision
    }
}

/// The server's side of a feed, as far as these tests need it: every item with the revision
/// of its last change, tombstones kept, every pushed operation applied as sent.
struct FeedServer {
    private(set) var revision: Int64 = 0
    private var items: [SyncItemKey: (revision: Int64, value: SyncValue?)] = [:]
    private var order: [SyncItemKey] = []

    var expenses: [Expense] {
        order.compactMap { if case .expense(let expense)? = items[$0]?.value { return expense } else { return nil } }
    }

    var payments: [Payment] {
        order.compactMap { if case .payment(let payment)? = items[$0]?.value { return payment } else { return nil } }
    }

    /// An expense without its creation time, payers in member order: what two holders of the
    /// same expense agree on.
    static func comparable(_ expense: Expense) -> Expense {
        var copy = expense
        copy.createdAt = nil
        copy.payers.sort { $0.memberID < $1.memberID }
        copy.splits.sort { $0.memberID < $1.memberID }
        return copy
    }

    mutating func store(_ value: SyncValue?, key: SyncItemKey? = nil) {
        revision += 1
        let key = key ?? value!.key
        if items[key] == nil { order.append(key) }
        items[key] = (revision, value)
    }

    func changes(since: Int64) -> RemoteChanges {
        let changed = order.filter { (items[$0]?.revision ?? 0) > since }
        return RemoteChanges(revision: revision, items: changed.map { key in
            RemoteItem(key: key, revision: items[key]!.revision, value: items[key]!.value)
        })
    }

    mutating func apply(_ pending: PendingOperation) -> OperationOutcome {
        switch pending.operation {
        case .createMember(let member), .renameMember(let member): store(.member(member))
        case .removeMember(let id): store(nil, key: .member(id))
        case .createExpense(let expense), .updateExpense(let expense): store(.expense(expense))
        case .deleteExpense(let id): store(nil, key: .expense(id))
        case .setPaid(let id, let member, let paid):
            if case .expense(var expense)? = items[.expense(id)]?.value,
               let index = expense.splits.firstIndex(where: { $0.memberID == member }) {
                expense.splits[index].isPaid = paid
                store(.expense(expense))
            }
        case .createPayment(let payment): store(.payment(payment))
        case .deletePayment(let id): store(nil, key: .payment(id))
        case .setRate(let currency, let rate): store(rate.map { .rate(currency: currency, rate: $0) }, key: .rate(currency.code))
        case .renameGroup(let name): store(.group(name: name, currency: nil))
        case .putRecurring(let rule): store(.recurring(rule))
        case .deleteRecurring(let id): store(nil, key: .recurring(id))
        case .setCategories(let list): store(.categories(list))
        case .recordExchanges(let step): store(.exchanges(step))
        case .removeExchanges(let id): store(nil, key: .exchanges(id))
        case .setDeparture: break
        }
        return OperationOutcome(opID: pending.opID, status: .applied, current: nil, error: nil)
    }

    /// Another device's change: a new expense, an edit of one, a delete, or a payment.
    mutating func otherDevice(members: [Member], currency: Currency, using random: inout SplitMix64) {
        let live = expenses
        switch Int.random(in: 0..<4, using: &random) {
        case 1 where !live.isEmpty:
            var edited = live.randomElement(using: &random)!
            edited.description += " (edited)"
            store(.expense(edited))
        case 2 where !live.isEmpty:
            store(nil, key: .expense(live.randomElement(using: &random)!.id))
        case 3:
            let pair = members.shuffled(using: &random).prefix(2)
            store(.payment(Payment(id: PaymentID(StoreFixture.id()), from: pair.first!.id, to: pair.last!.id,
                                   amount: Money(minorUnits: Int64.random(in: 1...5_000, using: &random), currency: currency),
                                   date: CivilDate(parsing: "2025-01-22")!)))
        default:
            let sharers = Array(members.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)))
            let expense = try! StoreFixture.expense(Int64.random(in: 1...90_000, using: &random),
                                                    paidBy: members.randomElement(using: &random)!, among: sharers)
            store(.expense(expense))
        }
    }
}
