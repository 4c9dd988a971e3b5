import Foundation
import SplitAPI
@testable import SplitCloud
import SplitCore
import Testing

/// Several payers between the domain and the contract's schemas, without a server: `payers`
/// goes out only for an expense several members paid, comes back into ``ForeignReading``, and
/// the listing's rows of one such expense are regrouped into it.
@Suite("cloud wire mapping of several payers")
struct PayersWireTests {
    static let usd = try! Currency(code: "USD")

    /// USD 100.01 shared by a, b, c; paid by c and a (out of member-id order on purpose).
    static func hotel(payers: [ExpensePayer]) -> Expense {
        Expense(id: ExpenseID("e"), description: "Hotel", amount: Money(minorUnits: 10_001, currency: usd), category: .hotel,
                payers: payers, date: CivilDate(year: 2025, month: 1, day: 20)!,
                splits: [ExpenseSplit(memberID: MemberID("a"), amount: 3_334), ExpenseSplit(memberID: MemberID("b"), amount: 3_334, isPaid: true),
                         ExpenseSplit(memberID: MemberID("c"), amount: 3_333)])
    }

    static let two = [ExpensePayer(memberID: MemberID("c"), amount: 4_001), ExpensePayer(memberID: MemberID("a"), amount: 6_000)]

    @Test("requests: payers in member-id order with the first as paidByMemberId; none for one payer")
    func requests() throws {
        let several = ExpenseMapping.create(Self.hotel(payers: Self.two), group: TripID("g"), includePaid: true)
        #expect(several.paidByMemberId == "a")
        #expect(several.payers == [.init(memberId: "a", amount: 60), .init(memberId: "c", amount: 40.01)])
        var one = Self.hotel(payers: Self.two)
        one.setSolePayer(MemberID("b"))
        let single = ExpenseMapping.create(one, group: TripID("g"), includePaid: false)
        #expect(single.payers == nil && single.paidByMemberId == "b")
        let text = String(decoding: try JSONEncoder().encode(single), as: UTF8.self)
        #expect(!text.contains("payers"), "a request to the Node server stays as it was: \(text)")

        let create = PendingOperation(sequence: 1, opID: "o1", operation: .createExpense(Self.hotel(payers: Self.two)),
                                      baseRevision: nil, base: nil)
        guard case .createExpense(let op) = SyncMapping.operation(create, splitGiven: true) else { Issue.record("not a createExpense"); return }
        #expect(op.data.payers == several.payers && op.data.paidByMemberId == "a")
        let edit = PendingOperation(sequence: 2, opID: "o2", operation: .updateExpense(one), baseRevision: 4, base: nil)
        guard case .updateExpense(let update) = SyncMapping.operation(edit, splitGiven: true) else { Issue.record("not an updateExpense"); return }
        #expect(update.data.payers == nil && update.data.paidByMemberId == "b")

        let trip = FromLocalTrip(name: "Trip", description: nil, members: [], expenses: [Self.hotel(payers: Self.two), one])
        let upload = FromLocalMapping.request(trip, splitGiven: true)
        #expect(upload.expenses[0].payers == [.init(localId: "a", amount: 60), .init(localId: "c", amount: 40.01)])
        #expect(upload.expenses[0].paidByLocalId == "a" && upload.expenses[1].payers == nil)
    }

    /// The listing's rows of the hotel as split-server writes them (``LegacyRow``): a's part,
    /// then c's, each with `partOf` and all the payers; b's split id in both.
    static func rows() throws -> [Components.Schemas.Expense] {
        try JSONDecoder().decode(Components.Schemas.ExpenseList.self, from: Data("""
            {"expenses":[
             {"id":"X0","groupId":"g","description":"Taxi","amount":0.1,"currency":"USD","category":"Transport","paidByMemberId":"b",
              "expenseDate":"2025-01-21T00:00:00.000Z","createdAt":"2025-01-21T09:00:00.000Z",
              "splits":[{"id":"S0","memberId":"b","amount":0.1,"isPaid":false}]},
             {"id":"E","groupId":"g","description":"Hotel","amount":60,"currency":"USD","category":"Hotel","paidByMemberId":"a",
              "expenseDate":"2025-01-20T00:00:00.000Z","createdAt":"2025-01-20T09:00:00.000Z",
              "splits":[{"id":"SA","memberId":"a","amount":20,"isPaid":false},{"id":"SB","memberId":"b","amount":20.01,"isPaid":true},
                        {"id":"SC","memberId":"c","amount":19.99,"isPaid":false}],
              "partOf":"E","payers":[{"memberId":"a","amount":60},{"memberId":"c","amount":40.01}]},
             {"id":"R2","groupId":"g","description":"Hotel","amount":40.01,"currency":"USD","category":"Hotel","paidByMemberId":"c",
              "expenseDate":"2025-01-20T00:00:00.000Z","createdAt":"2025-01-20T09:00:00.000Z",
              "splits":[{"id":"SA","memberId":"a","amount":13.34,"isPaid":false},{"id":"SB","memberId":"b","amount":13.33,"isPaid":true},
                        {"id":"SC","memberId":"c","amount":13.34,"isPaid":false}],
              "partOf":"E","payers":[{"memberId":"a","amount":60},{"memberId":"c","amount":40.01}]}
            ]}
            """.utf8)).expenses
    }

    @Test("the listing's rows of one expense several paid come back as that expense, exactly, with no repair")
    func regroup() throws {
        let listed = ExpenseMapping.domain(listing: try Self.rows())
        #expect(listed.map(\.id) == [ExpenseID("x0"), ExpenseID("e")])
        #expect(listed[0].expense?.payers == [ExpensePayer(memberID: MemberID("b"), amount: 10)])
        let hotel = try #require(listed[1].expense)
        #expect(listed[1].reading == .usable(hotel, repairs: []))
        var expected = Self.hotel(payers: Self.two.sorted { $0.memberID < $1.memberID })
        expected.createdAt = Timestamp(iso8601: "2025-01-20T09:00:00.000Z")
        #expect(hotel == expected)
        #expect(listed[1].splitIDs == [MemberID("a"): "sa", MemberID("b"): "sb", MemberID("c"): "sc"])
    }

    @Test("rows without partOf (the Node server's) are left as they are; a row of no payers list regroups by its payers")
    func rowsAlone() throws {
        var rows = try Self.rows()
        for index in rows.indices { rows[index].partOf = nil }
        #expect(ListingRows.expenses(rows) == rows)
        var bare = try Self.rows()
        bare[1].payers = nil
        bare[2].payers = nil
        let merged = ListingRows.expenses(bare)
        #expect(merged.count == 2 && merged[1].payers == [.init(memberId: "a", amount: 60), .init(memberId: "c", amount: 40.01)])
        #expect(merged[1].amount == 100.01 && merged[1].splits.map(\.amount) == [33.34, 33.34, 33.33])
    }

    @Test("exact sums of wire numbers: 0.1 + 0.2 is 0.3, large amounts stay exact")
    func sums() {
        #expect(WireSum.sum([0.1, 0.2]) == 0.3)
        #expect(WireSum.sum([9_999_999_999.99, 0.01, 0.005]) == 10_000_000_000.005)
        #expect(WireSum.sum([333.33, 333.33, 333.34]) == 1000)
        #expect(WireSum.sum([1e-20, 1]) == 1 + 1e-20)
        #expect(WireSum.sum([]) == 0 && WireSum.sum([12.5]) == 12.5)
    }

    @Test("the feed's payers are read by ForeignReading: exact, repaired, or the rest paid by paidByMemberId")
    func feed() throws {
        func item(_ payers: String) throws -> RemoteItem {
            let page = try JSONDecoder().decode(SyncChanges.self, from: Data("""
                {"revision":5,"more":false,"group":null,"members":[],"payments":[],"rates":[],"expenses":[
                 {"id":"E","revision":5,"deleted":false,"description":"Hotel","amount":100.01,"currency":"USD","category":"Hotel",
                  "paidByMemberId":"a","expenseDate":"2025-01-20","createdAt":"2025-01-20T09:00:00.000Z",
                  "splits":[{"id":"SA","memberId":"a","amount":33.34,"isPaid":false},{"id":"SB","memberId":"b","amount":33.34,"isPaid":true},
                            {"id":"SC","memberId":"c","amount":33.33,"isPaid":false}]\(payers)}]}
                """.utf8))
            return try #require(SyncMapping.changes(page).items.first)
        }
        let exact = try item(#","payers":[{"memberId":"a","amount":60},{"memberId":"c","amount":40.01}]"#)
        guard case .expense(let expense) = exact.value else { Issue.record("\(exact)"); return }
        #expect(expense.payers == Self.two.sorted { $0.memberID < $1.memberID } && exact.repairs.isEmpty)
        let none = try item("")
        guard case .expense(let single) = none.value else { Issue.record("\(none)"); return }
        #expect(single.payers == [ExpensePayer(memberID: MemberID("a"), amount: 10_001)])
        let short = try item(#","payers":[{"memberId":"a","amount":50},{"memberId":"c","amount":40.01}]"#)
        guard case .expense(let repaired) = short.value else { Issue.record("\(short)"); return }
        #expect(repaired.payers.map(\.amount) == [6_000, 4_001] && !short.repairs.isEmpty)
        let twice = try item(#","payers":[{"memberId":"a","amount":50.01},{"memberId":"a","amount":50}]"#)
        #expect(twice.value == nil && twice.held?.reason.contains("twice") == true, "\(twice)")
    }
}
