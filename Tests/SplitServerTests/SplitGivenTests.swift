import Foundation
import SplitAPI
@testable import SplitServer
import Testing

/// The split as given (`splitGiven`, feature `split-given`) on the single routes: what a create
/// stores comes back, in its canonical form, on every read; a PUT replaces it, or keeps it
/// only while it still gives the new splits.
@Suite("split-server keeps the split as given", .serialized)
struct SplitGivenTests {
    /// One mode: the request's `splitGiven`, the splits it gives, and what the server answers.
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let amount: String
        let splits: @Sendable ([String: String]) -> [(String, String)]
        let given: @Sendable ([String: String]) -> String
        let answer: @Sendable ([String: String]) -> Components.Schemas.SplitGiven
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "exact", amount: "30",
             splits: { m in [(m["Alex"]!, "10.5"), (m["Bea"]!, "12"), (m["Chen"]!, "7.5")] },
             given: { m in API.parts("exact", [(m["Alex"]!, "10.50"), (m["Bea"]!, "12"), (m["Chen"]!, "7.5")]) },
             answer: { m in .parts("exact", [(m["Alex"]!, 10.5), (m["Bea"]!, 12), (m["Chen"]!, 7.5)]) }),
        Case(name: "percent", amount: "10",
             splits: { m in [(m["Alex"]!, "1.25"), (m["Bea"]!, "3.75"), (m["Chen"]!, "5")] },
             given: { m in API.parts("percent", [(m["Alex"]!, "12.5"), (m["Bea"]!, "37.5"), (m["Chen"]!, "50")]) },
             answer: { m in .parts("percent", [(m["Alex"]!, 12.5), (m["Bea"]!, 37.5), (m["Chen"]!, 50)]) }),
        // 100 / 6 = 16.666…: the cent left over goes to the largest remainder, Alex's.
        Case(name: "shares", amount: "100",
             splits: { m in [(m["Alex"]!, "16.67"), (m["Bea"]!, "33.33"), (m["Chen"]!, "50")] },
             given: { m in API.parts("shares", [(m["Alex"]!, "1"), (m["Bea"]!, "2"), (m["Chen"]!, "3")]) },
             answer: { m in .parts("shares", [(m["Alex"]!, 1), (m["Bea"]!, 2), (m["Chen"]!, 3)]) }),
        // Items 28 (Alex 15.34, Bea 6.33, Chen 6.33: the beer's odd cent to Alex, listed first),
        // tax 10% = 2.80, discount 2, tip the rest of 35 = 6.20; 35 in proportion to the items.
        Case(name: "items", amount: "35",
             splits: { m in [(m["Alex"]!, "19.18"), (m["Bea"]!, "7.91"), (m["Chen"]!, "7.91")] },
             given: { m in
                 #"{"mode":"items","among":["\#(m["Alex"]!)","\#(m["Bea"]!)","\#(m["Chen"]!)"],"items":[{"name":"Ramen","price":12,"among":["\#(m["Alex"]!)"]},{"name":"Gyoza","price":6,"among":["\#(m["Bea"]!)","\#(m["Chen"]!)"]},{"name":"Beer","price":10,"among":[]}],"tax":{"percent":10},"tip":{"rest":true},"discount":{"amount":2}}"#
             },
             answer: { m in
                 .init(mode: "items", among: [m["Alex"]!, m["Bea"]!, m["Chen"]!],
                       items: [.init(name: "Ramen", price: 12, among: [m["Alex"]!]),
                               .init(name: "Gyoza", price: 6, among: [m["Bea"]!, m["Chen"]!]),
                               .init(name: "Beer", price: 10)],
                       tax: .init(percent: 10), tip: .init(rest: true), discount: .init(amount: 2))
             }),
    ]

    @Test("create, then the listing and the feed answer the same split as given", arguments: cases)
    func roundTrip(_ mode: Case) async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip()
            let created = try await api.postGiven(token, group: group, payer: m["Alex"]!, amount: mode.amount,
                                                  splits: mode.splits(m), given: mode.given(m))
            #expect(created.status == .created, "\(created)")
            let id = try #require(created.json["expenseId"].stringValue)
            let row = try await api.listed(token, group: group, expense: id)
            #expect(row.splitGiven == mode.answer(m))
            let feed = try await api.changes(token, group: group).expenses.first { $0.id == id }
            #expect(feed?.splitGiven == mode.answer(m))
            // The stored form is the one canonical text, whatever the request's form.
            let stored = try #require(try await api.storedGiven(group: group)[id] ?? nil)
            #expect(stored.contains(#""mode": "\#(mode.name)""#), "\(stored)")
        }
    }

    @Test("member ids in any case are read as ids and answered in lower case, as stored")
    func canonicalIDs() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip()
            let given = API.parts("shares", [(m["Alex"]!.uppercased(), "2"), (m["Bea"]!.uppercased(), "1.0")])
            let created = try await api.postGiven(token, group: group, payer: m["Alex"]!, amount: "3",
                                                  splits: [(m["Alex"]!, "2"), (m["Bea"]!, "1")], given: given)
            #expect(created.status == .created, "\(created)")
            let id = try #require(created.json["expenseId"].stringValue)
            #expect(try await api.listed(token, group: group, expense: id).splitGiven
                    == .parts("shares", [(m["Alex"]!, 2), (m["Bea"]!, 1)]))
            #expect(try await api.storedGiven(group: group)[id]
                    == #"{"mode": "shares", "parts": [{"value": 2, "memberId": "\#(m["Alex"]!)"}, {"value": 1, "memberId": "\#(m["Bea"]!)"}]}"#)
        }
    }

    @Test("mode equal is checked, then keeps nothing; left out on create, nothing is kept")
    func equalAndNone() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip()
            let equal = try await api.postGiven(token, group: group, payer: m["Alex"]!, amount: "10",
                                                splits: [(m["Alex"]!, "3.34"), (m["Bea"]!, "3.33"), (m["Chen"]!, "3.33")],
                                                given: #"{"mode":"equal","parts":[{"memberId":"\#(m["Alex"]!)"},{"memberId":"\#(m["Bea"]!)"},{"memberId":"\#(m["Chen"]!)"}]}"#)
            #expect(equal.status == .created, "\(equal)")
            let plain = try await api.postGiven(token, group: group, payer: m["Alex"]!, amount: "10",
                                                splits: [(m["Alex"]!, "10")], given: nil)
            #expect(plain.status == .created, "\(plain)")
            // An equal split that does not give the splits is refused like any other.
            let wrong = try await api.postGiven(token, group: group, payer: m["Alex"]!, amount: "10",
                                                splits: [(m["Alex"]!, "5"), (m["Bea"]!, "5")],
                                                given: #"{"mode":"equal","parts":[{"memberId":"\#(m["Alex"]!)"},{"memberId":"\#(m["Chen"]!)"}]}"#)
            #expect(wrong.status == .badRequest && wrong.error == Self.mismatch, "\(wrong)")
            let rows = try await api.listed(token, group: group)
            #expect(rows.count == 2 && rows.allSatisfy { $0.splitGiven == nil })
            #expect(try await api.storedGiven(group: group).values.allSatisfy { $0 == nil })
            let listing = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
            #expect(!listing.body.contains("splitGiven"), "\(listing)")
        }
    }

    static let mismatch = "splitGiven: the split as given does not give these splits for this amount; "
        + "send the splits it gives, or leave it out"

    @Test("PUT: a new amount with a rule given again; left out, the rule stays while it gives the splits and goes after")
    func edits() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip()
            let (a, b, c) = (m["Alex"]!, m["Bea"]!, m["Chen"]!)
            let shares = API.parts("shares", [(a, "1"), (b, "2"), (c, "3")])
            let sharesAnswer = Components.Schemas.SplitGiven.parts("shares", [(a, 1), (b, 2), (c, 3)])
            let created = try await api.postGiven(token, group: group, payer: a, amount: "100",
                                                  splits: [(a, "16.67"), (b, "33.33"), (c, "50")], given: shares)
            let id = try #require(created.json["expenseId"].stringValue, "\(created)")

            // A new amount, divided by a rule given again: the PUT's answer carries it.
            let regiven = try await api.putGiven(token, expense: id, payer: a, amount: "60",
                                                 splits: [(a, "20"), (b, "20"), (c, "20")],
                                                 given: API.parts("percent", [(a, "33.333333"), (b, "33.333333"), (c, "33.333334")]))
            #expect(regiven.status == .ok, "\(regiven)")
            let percent = Components.Schemas.SplitGiven.parts("percent", [(a, 33.333333), (b, 33.333333), (c, 33.333334)])
            #expect(try regiven.decode(Components.Schemas.ExpenseEnvelope.self).expense.splitGiven == percent)
            #expect(try await api.listed(token, group: group, expense: id).splitGiven == percent)

            // Back to shares, then left out with splits the shares still give (a new amount too): kept.
            _ = try await api.putGiven(token, expense: id, payer: a, amount: "60",
                                       splits: [(a, "10"), (b, "20"), (c, "30")], given: shares)
            let kept = try await api.putGiven(token, expense: id, payer: a, amount: "120",
                                              splits: [(a, "20"), (b, "40"), (c, "60")], given: nil, description: "Dinner for three")
            #expect(kept.status == .ok, "\(kept)")
            #expect(try kept.decode(Components.Schemas.ExpenseEnvelope.self).expense.splitGiven == sharesAnswer)
            #expect(try await api.listed(token, group: group, expense: id).splitGiven == sharesAnswer)

            // Left out with splits the shares do not give: dropped, so nothing stored contradicts the splits.
            let dropped = try await api.putGiven(token, expense: id, payer: a, amount: "120",
                                                 splits: [(a, "40"), (b, "40"), (c, "40")], given: nil)
            #expect(dropped.status == .ok, "\(dropped)")
            #expect(try dropped.decode(Components.Schemas.ExpenseEnvelope.self).expense.splitGiven == nil)
            #expect(try await api.listed(token, group: group, expense: id).splitGiven == nil)
            #expect(try await api.storedGiven(group: group)[id] == .some(nil))

            // An exact rule divides one amount only: a new amount with the same parts drops it.
            _ = try await api.putGiven(token, expense: id, payer: a, amount: "120",
                                       splits: [(a, "40"), (b, "40"), (c, "40")],
                                       given: API.parts("exact", [(a, "40"), (b, "40"), (c, "40")]))
            #expect(try await api.listed(token, group: group, expense: id).splitGiven != nil)
            _ = try await api.putGiven(token, expense: id, payer: a, amount: "90",
                                       splits: [(a, "30"), (b, "30"), (c, "30")], given: nil)
            #expect(try await api.listed(token, group: group, expense: id).splitGiven == nil)

            // Given as equal on a PUT: the stored rule goes.
            _ = try await api.putGiven(token, expense: id, payer: a, amount: "90",
                                       splits: [(a, "30"), (b, "30"), (c, "30")], given: API.parts("shares", [(a, "1"), (b, "1"), (c, "1")]))
            #expect(try await api.listed(token, group: group, expense: id).splitGiven
                    == .parts("shares", [(a, 1), (b, 1), (c, 1)]))
            let equal = try await api.putGiven(token, expense: id, payer: a, amount: "90",
                                               splits: [(a, "30"), (b, "30"), (c, "30")],
                                               given: #"{"mode":"equal","parts":[{"memberId":"\#(a)"},{"memberId":"\#(b)"},{"memberId":"\#(c)"}]}"#)
            #expect(equal.status == .ok, "\(equal)")
            #expect(try await api.storedGiven(group: group)[id] == .some(nil))
        }
    }

    @Test("changing only the split as given moves the expense's revision, and the feed carries the new one")
    func feedCarriesChange() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let (a, b) = (m["Alex"]!, m["Bea"]!)
            let splits = [(a, "10"), (b, "20")]
            let created = try await api.postGiven(token, group: group, payer: a, amount: "30", splits: splits,
                                                  given: API.parts("shares", [(a, "1"), (b, "2")]))
            let id = try #require(created.json["expenseId"].stringValue, "\(created)")
            let before = try await api.changes(token, group: group)
            let first = try #require(before.expenses.first { $0.id == id })
            #expect(first.splitGiven == .parts("shares", [(a, 1), (b, 2)]))

            // Same amount, same splits, another rule that gives them.
            let edited = try await api.putGiven(token, expense: id, payer: a, amount: "30", splits: splits,
                                                given: API.parts("exact", [(a, "10"), (b, "20")]))
            #expect(edited.status == .ok, "\(edited)")
            let after = try await api.changes(token, group: group, since: before.revision)
            let item = try #require(after.expenses.first { $0.id == id }, "the feed carries a change of the split as given alone")
            #expect(item.revision > first.revision && after.revision > before.revision)
            #expect(item.splitGiven == .parts("exact", [(a, 10), (b, 20)]))
            #expect(item.splits?.map(\.amount) == first.splits?.map(\.amount))
        }
    }

    @Test("every listing row of an expense several paid carries the split as given, in both listings")
    func multiPayerRows() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip()
            let (a, b, c) = (m["Alex"]!, m["Bea"]!, m["Chen"]!)
            var body = API.givenJSON(group: group, payer: a, amount: "60", splits: [(a, "10"), (b, "20"), (c, "30")],
                                     given: API.parts("shares", [(a, "1"), (b, "2"), (c, "3")]))
            body.removeLast()
            body += #","payers":\#(API.payersJSON([(a, "40"), (b, "20")]))}"#
            let created = try await api.call(.post, "/api/expenses", token: token, json: body)
            #expect(created.status == .created, "\(created)")
            let rows = try await api.listed(token, group: group)
            #expect(rows.count == 2 && rows.allSatisfy { $0.partOf != nil })
            #expect(rows.allSatisfy { $0.splitGiven == .parts("shares", [(a, 1), (b, 2), (c, 3)]) }, "\(rows)")

            // The cached listing and the typed handler answer the same.
            let services = ServerServices(configuration: .init(database: .init()), database: api.database)
            let user = try #require(try await services.users.authenticate(token: token))
            let typed = try await AuthenticatedUser.$credential.withValue(.init(user: user)) {
                try await APIHandler(services: services, port: 3012).listExpenses(.init(path: .init(groupId: group)))
            }
            #expect(try typed.ok.body.json.expenses == rows)
        }
    }

    @Test("a stored value the server cannot read back is left out of every read, never a 500")
    func unreadableStoredValue() async throws {
        try await ServerHarness.run { api in
            let (token, group, a, b, id) = try await api.sharedThirty()
            // Written behind the server's back: a member it does not know, and shares that no longer give the splits.
            try await TestCluster.withAdmin(api.settings) { connection in
                _ = try await connection.query(.init(unsafeSQL: """
                    UPDATE expenses SET split_given = '{"mode":"shares","parts":[{"memberId":"nobody","value":1}]}'
                    WHERE id = '\(id)'
                    """), logger: TestCluster.logger)
            }
            #expect(try await api.listed(token, group: group, expense: id).splitGiven == nil)
            #expect(try await api.changes(token, group: group).expenses.first { $0.id == id }?.splitGiven == nil)
            try await TestCluster.withAdmin(api.settings) { connection in
                _ = try await connection.query(.init(unsafeSQL: """
                    UPDATE expenses SET split_given = '{"mode":"shares","parts":[{"memberId":"\(a)","value":1},{"memberId":"\(b)","value":1}]}'
                    WHERE id = '\(id)'
                    """), logger: TestCluster.logger)
            }
            #expect(try await api.listed(token, group: group, expense: id).splitGiven == nil)
            #expect(try await api.changes(token, group: group).expenses.first { $0.id == id }?.splitGiven == nil)
            // A PUT that leaves it out does not keep what does not give the splits.
            let edited = try await api.putGiven(token, expense: id, payer: a, amount: "30", splits: [(a, "10"), (b, "20")], given: nil)
            #expect(edited.status == .ok, "\(edited)")
            #expect(try await api.storedGiven(group: group)[id] == .some(nil))
        }
    }
}
