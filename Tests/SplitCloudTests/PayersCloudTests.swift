import Foundation
import SplitCloud
import SplitCore
import SplitServerQuirks
import Testing

/// The cloud client and a real split-server on loopback, with expenses several members paid:
/// what the client sends by each route comes back, through the listing (regrouped from its
/// rows) and the change feed, as the same expense.
@Suite("cloud client with several payers against split-server", .serialized)
struct PayersCloudTests {
    /// A group of Ann, Ben and Cat; the members by name.
    static func trip(_ client: CloudClient) async throws -> (group: TripID, members: [String: MemberID]) {
        let group = try await client.createGroup(name: "Lisbon").id
        var members: [String: MemberID] = [:]
        for name in ["Ann", "Ben", "Cat"] { members[name] = try await client.addMember(group: group, name: name).id }
        return (group, members)
    }

    /// EUR 100.01 shared equally, paid by Cat and Ann (40.01 and 60), Ben's share paid back.
    static func hotel(id: String = "pending", _ m: [String: MemberID]) throws -> Expense {
        let eur = try Currency(code: "EUR")
        let amount = Money(minorUnits: 10_001, currency: eur)
        var splits = try SplitAllocator.splits(amount: amount, rule: .equal([m["Ann"]!, m["Ben"]!, m["Cat"]!]))
        for index in splits.indices where splits[index].memberID == m["Ben"] { splits[index].isPaid = true }
        return Expense(id: ExpenseID(id), description: "Hotel", amount: amount, category: .hotel,
                       payers: [ExpensePayer(memberID: m["Cat"]!, amount: 4_001), ExpensePayer(memberID: m["Ann"]!, amount: 6_000)],
                       date: CivilDate(year: 2025, month: 3, day: 2)!, splits: splits)
    }

    /// `expense` as a server gives it back: its id, payers and splits in member-id order, and
    /// the server's creation time.
    static func stored(_ expense: Expense, id: ExpenseID, createdAt: Timestamp?) -> Expense {
        var copy = Expense(id: id, description: expense.description, amount: expense.amount, category: expense.category,
                           payers: expense.payers.sorted { $0.memberID < $1.memberID }, date: expense.date,
                           splits: expense.splits.sorted { $0.memberID < $1.memberID })
        copy.createdAt = createdAt
        return copy
    }

    @Test("createExpense sends the payers; the listing's rows come back as the one expense, with every split id")
    func createAndList() async throws {
        try await CloudTestServer.run { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            let (group, m) = try await Self.trip(client)
            let hotel = try Self.hotel(m)
            let members = Set(m.values)
            try WireValidation.expense(hotel, members: members, capabilities: try await client.capabilities())
            #expect(try await client.capabilities().has(.payers))
            let id = try await client.createExpense(hotel, group: group, includePaid: true)
            var taxi = try Self.hotel(m)
            taxi.description = "Taxi"
            taxi.setSolePayer(m["Ben"]!)
            let taxiID = try await client.createExpense(taxi, group: group, includePaid: true)

            let listed = try await client.expenses(group: group)
            #expect(listed.count == 2, "the hotel's two rows are one expense: \(listed.map(\.id))")
            let read = try #require(listed.first { $0.id == id })
            let expense = try #require(read.expense)
            #expect(read.reading == .usable(expense, repairs: []))
            #expect(expense == Self.stored(hotel, id: id, createdAt: expense.createdAt))
            #expect(Set(read.splitIDs.keys) == members)
            #expect(listed.first { $0.id == taxiID }?.expense?.payers == [ExpensePayer(memberID: m["Ben"]!, amount: 10_001)])

            // Marking a share paid by the id the listing gave works on the whole expense.
            try await client.setSplitPaid(splitID: try #require(read.splitIDs[m["Cat"]!]), paid: true)
            let again = try #require(try await client.expenses(group: group).first { $0.id == id }?.expense)
            #expect(again.splits.filter(\.isPaid).map(\.memberID).sorted() == [m["Ben"]!, m["Cat"]!].sorted())
            #expect(again.payers == expense.payers)
        }
    }

    @Test("sync createExpense and updateExpense send the payers; the feed brings them back")
    func sync() async throws {
        try await CloudTestServer.run { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            let (group, m) = try await Self.trip(client)
            let id = UUID().uuidString.lowercased()
            let hotel = try Self.hotel(id: id, m)
            let created = try await client.sync(group: group.rawValue, since: 0, operations: [
                PendingOperation(sequence: 1, opID: UUID().uuidString.lowercased(), operation: .createExpense(hotel),
                                 baseRevision: nil, base: nil),
            ])
            #expect(created.outcomes.map(\.status) == [.applied], "\(created.outcomes)")
            let item = try #require(created.changes.items.first { $0.key == .expense(ExpenseID(id)) })
            guard case .expense(let pulled) = item.value else { Issue.record("\(item)"); return }
            #expect(pulled == Self.stored(hotel, id: ExpenseID(id), createdAt: pulled.createdAt) && item.repairs.isEmpty)

            var edited = hotel
            edited.payers = [ExpensePayer(memberID: m["Ben"]!, amount: 1), ExpensePayer(memberID: m["Cat"]!, amount: 10_000)]
            let updated = try await client.sync(group: group.rawValue, since: created.changes.revision, operations: [
                PendingOperation(sequence: 2, opID: UUID().uuidString.lowercased(), operation: .updateExpense(edited),
                                 baseRevision: item.revision, base: .expense(pulled)),
            ])
            #expect(updated.outcomes.map(\.status) == [.applied], "\(updated.outcomes)")
            let page = try #require(try await client.changes(group: group.rawValue, since: created.changes.revision))
            guard case .expense(let after) = page.changes.items.first?.value else { Issue.record("\(page.changes)"); return }
            #expect(after.payers == edited.payers.sorted { $0.memberID < $1.memberID })
            #expect(try await client.expenses(group: group).compactMap(\.expense) == [after])
        }
    }

    @Test("from-local uploads the payers by localId; the listing gives the expense back")
    func fromLocal() async throws {
        try await CloudTestServer.run { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            let m = ["Ann": MemberID("m-ann"), "Ben": MemberID("m-ben"), "Cat": MemberID("m-cat")]
            let hotel = try Self.hotel(id: "e-hotel", m)
            let answer = try await client.createGroupFromLocal(FromLocalTrip(
                name: "Lisbon", description: nil, members: m.map { Member(id: $1, name: $0) }, expenses: [hotel]),
                key: UUID().uuidString)
            let listed = try await client.expenses(group: answer.group)
            let expense = try #require(listed.first?.expense)
            #expect(listed.count == 1)
            let server = { (local: MemberID) in answer.members[local]! }
            #expect(expense.payers.map(\.amount).sorted() == [4_001, 6_000])
            #expect(Set(expense.payers.map(\.memberID)) == [server(m["Ann"]!), server(m["Cat"]!)])
            let ann = expense.payers.first { $0.memberID == server(m["Ann"]!) }
            #expect(ann?.amount == 6_000)
            #expect(expense.splits.first { $0.memberID == server(m["Ben"]!) }?.isPaid == true)
            #expect(listed.first?.splitIDs[server(m["Ben"]!)] == answer.splits[hotel.id]?[m["Ben"]!])
        }
    }

    @Test("the Node imitation ignores payers as the Node server does: paidByMemberId paid it all, one row, no partOf")
    func nodeIgnoresPayers() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            let (group, m) = try await Self.trip(client)
            #expect(try await !client.capabilities().has(.payers))
            var hotel = try Self.hotel(m)
            hotel.amount = Money(minorUnits: 10_001, currency: try Currency(code: "USD"))
            let id = try await client.createExpense(hotel, group: group)
            let wire = try await RawHTTP.get(server, "/api/groups/\(group.rawValue)/expenses", token: client.token)
            #expect(!wire.contains("partOf") && !wire.contains("payers"), "\(wire)")
            let listed = try await client.expenses(group: group)
            #expect(listed.map(\.id) == [id])
            #expect(listed.first?.expense?.payers == [ExpensePayer(memberID: hotel.leadPayer, amount: 10_001)])
        }
    }
}
