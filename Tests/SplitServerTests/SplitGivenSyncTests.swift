import Foundation
import SplitAPI
@testable import SplitServer
import Testing

/// The split as given in the batch sync (createExpense, updateExpense) and in from-local.
@Suite("split-server: the split as given in sync and from-local", .serialized)
struct SplitGivenSyncTests {
    static func op(_ type: String, ifMatch: Int64? = nil, data: String) -> String {
        let match = ifMatch.map { #","ifMatch":\#($0)"# } ?? ""
        return #"{"opId":"\#(API.newID())","type":"\#(type)"\#(match),"data":\#(data)}"#
    }

    @Test("createExpense and updateExpense apply it; a mismatch or a stranger is rejected with its message and writes nothing")
    func batch() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let (a, b) = (m["Alex"]!, m["Bea"]!)
            let start = try await api.changes(token, group: group).revision
            let lunch = API.newID(), bad = API.newID(), stranger = API.newID(), outsider = API.newID()
            let ops = [
                Self.op("createExpense", data: API.givenJSON(payer: a, amount: "30", splits: [(a, "10"), (b, "20")],
                                                             given: API.parts("shares", [(a, "1"), (b, "2")]), id: lunch)),
                Self.op("createExpense", data: API.givenJSON(payer: a, amount: "30", splits: [(a, "15"), (b, "15")],
                                                             given: API.parts("shares", [(a, "1"), (b, "2")]), id: bad)),
                Self.op("createExpense", data: API.givenJSON(payer: a, amount: "30", splits: [(a, "10"), (b, "20")],
                                                             given: API.parts("shares", [(a, "1"), (b, "2"), (outsider, "0")]),
                                                             id: stranger)),
                Self.op("createExpense", data: API.givenJSON(payer: a, amount: "30", splits: [(a, "10"), (b, "20")],
                                                             given: API.parts("thirds", [(a, "1")]), id: API.newID())),
            ]
            let reply = try await api.sync(token, group: group, since: start, ops: ops)
            #expect(reply.status == .ok, "\(reply)")
            let answer = try reply.decode(Components.Schemas.SyncResponse.self)
            #expect(answer.results.map(\.status) == [.applied, .rejected, .rejected, .rejected], "\(answer.results)")
            #expect(answer.results.map(\.error) == [
                nil, SplitGivenTests.mismatch, "splitGiven: member \(outsider) is not a member of this group",
                "ops[3].data.splitGiven.mode must be one of equal, exact, percent, shares, items, got 'thirds'",
            ])
            #expect(answer.changes.expenses.map(\.id) == [lunch])
            #expect(answer.changes.expenses.first?.splitGiven == .parts("shares", [(a, 1), (b, 2)]))
            #expect(try await api.expenseCount(group: group) == 1)

            // updateExpense: a new rule applies; a mismatch is rejected and keeps what was stored.
            let revision = try #require(answer.changes.expenses.first?.revision)
            let update = try await api.sync(token, group: group, since: answer.changes.revision, ops: [
                Self.op("updateExpense", ifMatch: revision, data: API.givenJSON(
                    payer: a, amount: "40", splits: [(a, "10"), (b, "30")],
                    given: API.parts("percent", [(a, "25"), (b, "75")]), id: lunch)),
                Self.op("updateExpense", data: API.givenJSON(
                    payer: a, amount: "40", splits: [(a, "20"), (b, "20")],
                    given: API.parts("percent", [(a, "25"), (b, "75")]), id: lunch)),
            ])
            let updated = try update.decode(Components.Schemas.SyncResponse.self)
            #expect(updated.results.map(\.status) == [.applied, .rejected], "\(updated.results)")
            #expect(updated.results.last?.error == SplitGivenTests.mismatch)
            let item = try #require(updated.changes.expenses.first { $0.id == lunch })
            #expect(item.splitGiven == .parts("percent", [(a, 25), (b, 75)]))
            #expect(item.splits?.map(\.amount).sorted() == [10, 30] && item.revision > revision)

            // updateExpense without it: kept while it gives the new splits, dropped once it does not.
            let keep = try await api.sync(token, group: group, since: updated.changes.revision, ops: [
                Self.op("updateExpense", data: API.givenJSON(payer: a, amount: "80", splits: [(a, "20"), (b, "60")],
                                                             given: nil, id: lunch)),
            ])
            #expect(try keep.decode(Components.Schemas.SyncResponse.self).changes.expenses.first?.splitGiven
                    == .parts("percent", [(a, 25), (b, 75)]))
            let drop = try await api.sync(token, group: group, ops: [
                Self.op("updateExpense", data: API.givenJSON(payer: a, amount: "80", splits: [(a, "40"), (b, "40")],
                                                             given: nil, id: lunch)),
            ])
            #expect(try drop.decode(Components.Schemas.SyncResponse.self).changes.expenses.first { $0.id == lunch }?.splitGiven == nil)
            #expect(try await api.storedGiven(group: group)[lunch] == .some(nil))
        }
    }

    @Test("a conflict's current expense and a 412's carry the stored split as given")
    func currentCarriesIt() async throws {
        try await ServerHarness.run { api in
            let (token, group, a, b, id) = try await api.sharedThirty()
            let reply = try await api.sync(token, group: group, ops: [
                Self.op("updateExpense", ifMatch: 1, data: API.givenJSON(payer: a, amount: "30", splits: [(a, "30")],
                                                                         given: nil, id: id)),
            ])
            let result = try #require(try reply.decode(Components.Schemas.SyncResponse.self).results.first)
            #expect(result.status == .conflict, "\(result)")
            #expect(result.current?.expense?.splitGiven == .parts("shares", [(a, 1), (b, 2)]))
            let stale = try await api.call(.put, "/api/expenses/\(id)", token: token,
                                           json: API.givenJSON(payer: a, amount: "30", splits: [(a, "30")], given: nil),
                                           headers: [API.ifMatch: "\"1\""])
            #expect(stale.status == .preconditionFailed, "\(stale)")
            #expect(stale.json["current"]["splitGiven"]["mode"].stringValue == "shares")
        }
    }

    static func upload(given: String, amount: String = "30",
                       splits: String = #"[{"memberLocalId":"m1","amount":10},{"memberLocalId":"m2","amount":20}]"#) -> String {
        #"""
        {"name":"Trip","members":[{"localId":"m1","name":"Alex"},{"localId":"m2","name":"Bea"}],
         "expenses":[{"localId":"e1","description":"Dinner","amount":\#(amount),"currency":"USD","category":"Meal",
                      "paidByLocalId":"m1","expenseDate":"2025-01-20","splits":\#(splits),"splitGiven":\#(given)}]}
        """#
    }

    @Test("from-local names members by localId and stores them by their new ids")
    func fromLocal() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register()
            let given = #"{"mode":"items","among":["m1","m2"],"items":[{"name":"Pizza","price":20},{"name":"Wine","price":10,"among":["m2"]}]}"#
            let reply = try await api.call(.post, "/api/groups/from-local", token: token, json: Self.upload(given: given))
            #expect(reply.status == .created, "\(reply)")
            let map = try reply.decode(Components.Schemas.FromLocalResponse.self)
            let (a, b) = (map.members[0].id, map.members[1].id)
            let row = try await api.listed(token, group: map.groupId, expense: map.expenses[0].id)
            #expect(row.splitGiven == .init(mode: "items", among: [a, b],
                                            items: [.init(name: "Pizza", price: 20), .init(name: "Wine", price: 10, among: [b])]))
        }
    }

    @Test("from-local refuses a split as given that names no member of the request, or does not give the splits")
    func fromLocalRefusals() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register()
            let stranger = try await api.call(.post, "/api/groups/from-local", token: token, json: Self.upload(
                given: #"{"mode":"shares","parts":[{"memberId":"m1","value":1},{"memberId":"m9","value":2}]}"#))
            #expect(stranger.status == .badRequest, "\(stranger)")
            #expect(stranger.error == "expense 'e1' (expenses[0]): splitGiven.parts[1].memberId names no member of this group: 'm9'")
            let mismatch = try await api.call(.post, "/api/groups/from-local", token: token, json: Self.upload(
                given: #"{"mode":"shares","parts":[{"memberId":"m1","value":1},{"memberId":"m2","value":1}]}"#))
            #expect(mismatch.status == .badRequest, "\(mismatch)")
            #expect(mismatch.error == "expense 'e1' (expenses[0]): \(SplitGivenTests.mismatch)")
            #expect(try await api.call(.get, "/api/groups", token: token).json["groups"].count == 0)
        }
    }
}
