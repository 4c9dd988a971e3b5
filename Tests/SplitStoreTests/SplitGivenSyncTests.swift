import Foundation
import Testing
import SplitCore
@testable import SplitStore

/// The split as given (``SplitCore/Expense/splitGiven``) through the store and a sync, in
/// process on real SQLite files: it is written with the expense, queued with it, pulled by a
/// second device, divided again there by an edit of the amount, brought back by undo, and kept
/// on this device where the server holds only the shares.
@Suite("The split as given, stored and synced")
struct SplitGivenSyncTests {
    /// Two devices on one trip linked to `server`: the first made it, the second pulled it.
    struct Devices {
        var one = try! StoreFixture()
        var two = try! StoreFixture()
        var server = FeedServer()
        var seenOne: Int64 = 0
        var seenTwo: Int64 = 0
        var trip: Trip!
        var members: [Member] = []

        mutating func start() async throws {
            (trip, members) = try await one.trip(["Ana", "Ben", "Cy"], currency: "USD")
            for member in members { server.store(.member(member)) }
            try one.backend.linkTrip(trip.id, server: "http://127.0.0.1:1", account: "a", group: "g",
                                                         syncProtocol: .feed, at: one.tick())
            try await two.backend.createTrip(trip, at: two.tick())
            try await two.backend.addMembers(members, trip: trip.id, at: two.tick())
            try two.backend.linkTrip(trip.id, server: "http://127.0.0.1:1", account: "a", group: "g",
                                                         syncProtocol: .feed, at: two.tick())
            try syncOne()
            try syncTwo()
        }

        mutating func syncOne(server limits: ServerLimits? = nil) throws {
            seenOne = try Self.sync(one.backend, trip: trip.id, server: &server, since: seenOne,
                                    limits: limits, at: one.tick())
        }

        mutating func syncTwo() throws {
            seenTwo = try Self.sync(two.backend, trip: trip.id, server: &server, since: seenTwo,
                                    limits: nil, at: two.tick())
        }

        private static func sync(_ store: LocalBackend, trip: TripID, server: inout FeedServer, since: Int64,
                                 limits: ServerLimits?, at: Timestamp) throws -> Int64 {
            let pushed = try store.pending(trip, limit: 500)
            let outcomes = pushed.map { server.apply($0) }
            try store.apply(trip: trip, pushed: pushed, outcomes: outcomes, changes: server.changes(since: since),
                            server: limits, at: at)
            return server.revision
        }
    }

    static func expense(_ amount: Int64, _ rule: SplitRule, paidBy: Member) throws -> Expense {
        let money = Money(minorUnits: amount, currency: try Currency(code: "USD"))
        return Expense(id: ExpenseID(StoreFixture.id()), description: "Dinner \(amount)", amount: money, paidBy: paidBy.id,
                       date: CivilDate(parsing: "2025-01-20")!, splits: try SplitAllocator.splits(amount: money, rule: rule),
                       splitGiven: rule)
    }

    /// The stored expense without its creation time: what two devices agree on.
    static func stored(_ backend: LocalBackend, _ id: ExpenseID, trip: TripID) async throws -> Expense {
        var expense = try await backend.expense(matching: id.rawValue, trip: trip)
        expense.createdAt = nil
        return expense
    }

    /// Every mode a person gives, for Ana, Ben and Cy.
    static func rules(_ members: [Member]) -> [SplitRule] {
        let (ana, ben, cy) = (members[0].id, members[1].id, members[2].id)
        return [
            .shares([MemberWeight(memberID: ana, weight: 2), MemberWeight(memberID: ben, weight: 1)]),
            .percent([MemberWeight(memberID: ana, weight: 60_000_000), MemberWeight(memberID: cy, weight: 40_000_000)]),
            .exact([MemberAmount(memberID: ana, amount: 1_000), MemberAmount(memberID: ben, amount: 9_087)]),
            .itemized(ItemizedBill(items: [BillItem(name: "Steak", price: 3_200, among: [ana]), BillItem(name: "Wine", price: 4_500)],
                                   among: [ana, ben, cy], tax: .percent(8_875_000), tip: .rest)),
        ]
    }

    @Test("every mode goes to the server and a second device; an amount edit there divides it again, and comes back")
    func secondDeviceEdits() async throws {
        var devices = Devices()
        try await devices.start()
        let trip = devices.trip!
        let rules = Self.rules(devices.members)
        var ids: [ExpenseID] = []
        for rule in rules {
            let expense = try Self.expense(10_087, rule, paidBy: devices.members[0])
            ids.append(expense.id)
            try await devices.one.backend.addExpenses([expense], trip: trip.id, at: devices.one.tick())
        }
        try devices.syncOne()
        #expect(devices.server.expenses.map(\.splitGiven) == rules, "the server holds each as given")
        try devices.syncTwo()
        for (id, rule) in zip(ids, rules) {
            let pulled = try await Self.stored(devices.two.backend, id, trip: trip.id)
            #expect(pulled.givenRule == rule)
            #expect(pulled == (try await Self.stored(devices.one.backend, id, trip: trip.id)))
        }

        // The second device changes each amount; every divisible rule divides it again.
        for (id, rule) in zip(ids, rules) where rule.divisible {
            try await devices.two.backend.editExpense(matching: id.rawValue, trip: trip.id, at: devices.two.tick()) { old in
                var edited = old
                edited.amount = Money(minorUnits: 20_000, currency: old.amount.currency)
                edited.splits = try SplitAllocator.splits(amount: edited.amount, rule: old.givenRule!)
                edited.splitGiven = old.givenRule
                return edited
            }
        }
        try devices.syncTwo()
        try devices.syncOne()
        for (id, rule) in zip(ids, rules) {
            let one = try await Self.stored(devices.one.backend, id, trip: trip.id)
            #expect(one == (try await Self.stored(devices.two.backend, id, trip: trip.id)))
            #expect(one.givenRule == rule, "the first device still knows how \(rule) was given")
            #expect(one.amount.minorUnits == (rule.divisible ? 20_000 : 10_087))
        }
        try await StoreFixture.expectTotalsMatchRecomputation(devices.one.backend, trip: trip.id, members: devices.members)

        // Undo on the second device brings the itemized bill back as it was, rule and all.
        let before = try await Self.stored(devices.one.backend, ids[3], trip: trip.id)
        _ = try await devices.two.backend.undo(trip: trip.id, at: devices.two.tick())
        try devices.syncTwo()
        try devices.syncOne()
        let undone = try await Self.stored(devices.one.backend, ids[3], trip: trip.id)
        #expect(undone.amount.minorUnits == 10_087 && undone.givenRule == rules[3] && undone != before)
    }

    @Test("an edit kept as mine against another device's delete comes back under a new id with its split as given")
    func keptAgainstADelete() async throws {
        var devices = Devices()
        try await devices.start()
        let trip = devices.trip!
        let rule = Self.rules(devices.members)[3]
        let expense = try Self.expense(10_087, rule, paidBy: devices.members[0])
        try await devices.one.backend.addExpenses([expense], trip: trip.id, at: devices.one.tick())
        try devices.syncOne()
        try devices.syncTwo()
        try await devices.two.backend.deleteExpense(expense.id, trip: trip.id, at: devices.two.tick())
        try devices.syncTwo()
        try await devices.one.backend.editExpense(matching: expense.id.rawValue, trip: trip.id, at: devices.one.tick()) { old in
            var edited = old
            edited.description = "Dinner for three"
            return edited
        }
        // The server answers the edit as split-server does an edit of a deleted expense: a
        // conflict whose current version is the tombstone.
        let store = devices.one.backend
        let pushed = try store.pending(trip.id, limit: 500)
        let tombstone = RemoteItem(key: .expense(expense.id), revision: devices.server.revision, value: nil)
        try store.apply(trip: trip.id, pushed: pushed,
                        outcomes: pushed.map { OperationOutcome(opID: $0.opID, status: .conflict, current: tombstone, error: nil) },
                        changes: devices.server.changes(since: devices.seenOne), at: devices.one.tick())
        devices.seenOne = devices.server.revision
        let conflict = try #require(try store.conflicts(trip: trip.id).first)
        #expect(conflict.field == "deleted")
        _ = try store.resolve(conflict.id, keepMine: true, at: devices.one.tick())
        let back = try await devices.one.backend.expenses(trip: trip.id, filter: ExpenseFilter())
        #expect(back.map(\.description) == ["Dinner for three"])
        #expect(back.first?.id != expense.id, "the server keeps a deleted id deleted")
        let revived = try await Self.stored(devices.one.backend, try #require(back.first).id, trip: trip.id)
        #expect(revived.givenRule == rule, "the items come back with it")
        try devices.syncOne()
        #expect(devices.server.expenses.first { $0.id == revived.id }?.splitGiven == rule, "and go to the server with it")
    }

    @Test("on a server that keeps only the shares, this device keeps its rule while the shares stay, and drops it once they change")
    func nodeKeepsTheRuleHere() async throws {
        var devices = Devices()
        try await devices.start()
        let trip = devices.trip!
        let rule = Self.rules(devices.members)[0]
        let expense = try Self.expense(9_000, rule, paidBy: devices.members[0])
        try await devices.one.backend.addExpenses([expense], trip: trip.id, at: devices.one.tick())
        // The server stores what it can hold: the shares, not the rule.
        let node = ServerLimits.node
        try devices.syncOne(server: node)
        guard case .expense(var onServer)? = node.held(.expense(devices.server.expenses[0])) as SyncValue? else { return }
        devices.server.store(.expense(onServer))
        try devices.syncOne(server: node)
        #expect(try await Self.stored(devices.one.backend, expense.id, trip: trip.id).givenRule == rule)

        onServer.description = "Dinner at Lupe's"
        devices.server.store(.expense(onServer))
        try devices.syncOne(server: node)
        let renamed = try await Self.stored(devices.one.backend, expense.id, trip: trip.id)
        #expect(renamed.description == "Dinner at Lupe's" && renamed.givenRule == rule)
        #expect(try devices.one.backend.pendingCount(trip.id) == 0, "nothing to send back")

        onServer.splits = try SplitAllocator.splits(amount: onServer.amount, rule: .equal(devices.members.map(\.id)))
        devices.server.store(.expense(onServer))
        try devices.syncOne(server: node)
        let reshared = try await Self.stored(devices.one.backend, expense.id, trip: trip.id)
        #expect(reshared.splitGiven == nil && Set(reshared.splits) == Set(onServer.splits))
    }

    @Test("a member merged into the server's keeps their place in every split as given")
    func mergeRenamesTheRulesMembers() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Ana", "Ben"], currency: "USD")
        let rule = SplitRule.shares([MemberWeight(memberID: members[0].id, weight: 3), MemberWeight(memberID: members[1].id, weight: 1)])
        let expense = try Self.expense(4_000, rule, paidBy: members[0])
        try await fixture.backend.addExpenses([expense], trip: trip.id, at: fixture.tick())
        let servers = Member(id: MemberID(StoreFixture.id()), name: "Ben")
        let at = fixture.tick()
        try fixture.backend.database.write { db in
            try TripWriter(fixture.backend.run, db, trip: trip.id, at: at, origin: .rekey).mergeMember(members[1].id, into: servers)
        }
        let merged = try await Self.stored(fixture.backend, expense.id, trip: trip.id)
        #expect(merged.givenRule == .shares([MemberWeight(memberID: members[0].id, weight: 3), MemberWeight(memberID: servers.id, weight: 1)]))
    }
}
