import Foundation
import HTTPTypes
import SplitAPI
@testable import SplitServer
import Testing

/// Expenses several members paid (`payers`): every route that takes an expense stores them
/// exactly, every route that returns one returns them, and bad payers are a 400 that names the
/// problem, with nothing written.
@Suite("split-server payers", .serialized)
struct PayersTests {
    /// Three members; `ids` in member-id order, so `ids[0]` is the lead of any payers among them.
    static func trio(_ api: API) async throws -> (token: String, group: String, ids: [String]) {
        let (token, group, members) = try await api.trip(["Alex", "Bea", "Chen"])
        return (token, group, members.values.sorted())
    }

    @Test("create: the feed and the PUT answer carry the payers in member-id order; the lead is paidByMemberId")
    func createRoundTrip() async throws {
        try await ServerHarness.run { api in
            let (token, group, ids) = try await Self.trio(api)
            // The client names a payer other than the lead: accepted, stored as the lead.
            let id = try await api.addExpense(
                token, group: group, payer: ids[2], amount: "100.01", currency: "USD",
                splits: [(ids[0], "33.34", false), (ids[1], "33.34", true), (ids[2], "33.33", false)],
                payers: [(ids[2], "40.01"), (ids[0], "60")])
            let item = try #require(try await api.changes(token, group: group).expenses.first { $0.id == id })
            #expect(item.payers == [.init(memberId: ids[0], amount: 60), .init(memberId: ids[2], amount: 40.01)], "\(item)")
            #expect(item.paidByMemberId == ids[0] && item.amount == 100.01)
            let stored = try await api.storedPayers(of: id)
            #expect(stored.count == 2 && stored[0] == "\(ids[0])=60.00@\(id)", "\(stored)")
            #expect(stored.last?.hasPrefix("\(ids[2])=40.01@") == true && stored.last?.hasSuffix(id) == false, "\(stored)")

            // A PUT returns the whole expense with its payers.
            let body = API.expenseJSON(group: group, payer: ids[0], amount: "100.01", currency: "USD",
                                       splits: [(ids[0], "50", false), (ids[1], "50.01", false)],
                                       payers: [(ids[0], "0.01"), (ids[1], "100")])
            let put = try await api.call(.put, "/api/expenses/\(id)", token: token, json: body)
            #expect(put.status == .ok, "\(put)")
            let answer = try put.decode(Components.Schemas.ExpenseEnvelope.self).expense
            #expect(answer.id == id && answer.amount == 100.01 && answer.partOf == nil)
            #expect(answer.payers == [.init(memberId: ids[0], amount: 0.01), .init(memberId: ids[1], amount: 100)])
            #expect(answer.splits.map(\.amount).sorted() == [50, 50.01])
        }
    }

    @Test("PUT replaces the payers: a payer who stays keeps their row id, the lead's is always the expense's")
    func replace() async throws {
        try await ServerHarness.run { api in
            let (token, group, ids) = try await Self.trio(api)
            let id = try await api.addExpense(
                token, group: group, payer: ids[0], amount: "300",
                splits: [(ids[0], "100", false), (ids[1], "100", false), (ids[2], "100", false)],
                payers: [(ids[0], "100"), (ids[1], "100"), (ids[2], "100")])
            let before = try await api.storedPayers(of: id)
            #expect(before.count == 3 && before[0].hasSuffix("@\(id)"))
            let chenRow = String(before[2].split(separator: "@")[1])

            // ids[0] stops paying: ids[1] becomes the lead and takes the expense's id; ids[2] keeps its row.
            let edit = API.expenseJSON(group: group, payer: ids[1], amount: "300",
                                       splits: [(ids[0], "300", false)], payers: [(ids[1], "120"), (ids[2], "180")])
            #expect(try await api.call(.put, "/api/expenses/\(id)", token: token, json: edit).status == .ok)
            #expect(try await api.storedPayers(of: id) == ["\(ids[1])=120.00@\(id)", "\(ids[2])=180.00@\(chenRow)"])
            let rows = try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"]
            #expect(rows.arrayValue?.map { $0["id"]?.stringValue } == [id, chenRow])
            #expect(rows[0]["paidByMemberId"].stringValue == ids[1])

            // Without payers, paidByMemberId paid it all: the rows are gone, the listing has one row.
            let single = API.expenseJSON(group: group, payer: ids[2], amount: "300", splits: [(ids[0], "300", false)],
                                         payers: nil)
            #expect(try await api.call(.put, "/api/expenses/\(id)", token: token, json: single).status == .ok)
            #expect(try await api.storedPayers(of: id) == [])
            let one = try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"]
            #expect(one.count == 1 && one[0]["partOf"] == nil && one[0]["payers"] == nil)
            #expect(one[0]["paidByMemberId"].stringValue == ids[2])
            let feed = try await api.changes(token, group: group).expenses.first { $0.id == id }
            #expect(feed?.payers == nil && feed?.paidByMemberId == ids[2])
        }
    }

    @Test("one payer given as payers is the same as paidByMemberId alone: no rows")
    func onePayer() async throws {
        try await ServerHarness.run { api in
            let (token, group, ids) = try await Self.trio(api)
            let id = try await api.addExpense(token, group: group, payer: ids[1], amount: "500",
                                              splits: [(ids[0], "500", false)], payers: [(ids[1], "500")])
            #expect(try await api.storedPayers(of: id) == [])
            let item = try await api.changes(token, group: group).expenses.first { $0.id == id }
            #expect(item?.payers == nil && item?.paidByMemberId == ids[1])
        }
    }

    @Test("a client-chosen id sent again with the same payers is a retry; other payers are a 409")
    func retry() async throws {
        try await ServerHarness.run { api in
            let (token, group, ids) = try await Self.trio(api)
            let id = API.newID()
            func body(_ payers: [(String, String)]) -> String {
                let plain = API.expenseJSON(group: group, payer: ids[0], amount: "900", splits: [(ids[2], "900", false)],
                                            payers: payers)
                return "{\"id\":\"\(id)\"," + plain.dropFirst()
            }
            let first = try await api.call(.post, "/api/expenses", token: token, json: body([(ids[0], "400"), (ids[1], "500")]))
            #expect(first.status == .created, "\(first)")
            let again = try await api.call(.post, "/api/expenses", token: token, json: body([(ids[1], "500"), (ids[0], "400")]))
            #expect(again.status == .ok, "\(again)")
            let other = try await api.call(.post, "/api/expenses", token: token, json: body([(ids[0], "500"), (ids[1], "400")]))
            #expect(other.status == .conflict && other.error?.contains("other content") == true, "\(other)")
            #expect(try await api.storedPayers(of: id).count == 2)
        }
    }

    @Test("from-local takes payers by localId and stores them")
    func fromLocal() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register()
            let request = FromLocalTests.request().replacingOccurrences(
                of: #""paidByLocalId":"m1","expenseDate":"2025-01-20","#,
                with: #""paidByLocalId":"m1","payers":[{"localId":"m3","amount":2000},{"localId":"m1","amount":10000}],"expenseDate":"2025-01-20","#)
            let reply = try await api.call(.post, "/api/groups/from-local", token: token, json: request)
            #expect(reply.status == .created, "\(reply)")
            let map = try reply.decode(Components.Schemas.FromLocalResponse.self)
            let member = Dictionary(uniqueKeysWithValues: map.members.map { ($0.localId, $0.id) })
            let dinner = try #require(map.expenses.first { $0.localId == "e1" }?.id)
            let item = try #require(try await api.changes(token, group: map.groupId).expenses.first { $0.id == dinner })
            let expected: [Components.Schemas.ExpensePayer] = [
                .init(memberId: member["m1"]!, amount: 10000), .init(memberId: member["m3"]!, amount: 2000),
            ].sorted { $0.memberId < $1.memberId }
            #expect(item.payers == expected && item.paidByMemberId == expected[0].memberId, "\(item)")
            #expect(try await api.storedPayers(of: dinner).count == 2)
        }
    }

    @Test("from-local: bad payers fail the whole upload with the expense's localId and the payer's")
    func fromLocalRefused() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register()
            let cases: [(String, String)] = [
                (#"[{"localId":"m9","amount":12000}]"#, "'m9' is not the localId of a member"),
                (#"[{"localId":"m2","amount":6000},{"localId":"m3","amount":6000}]"#, "paidByLocalId 'm1' is not one of payers"),
                (#"[{"localId":"m1","amount":6000},{"localId":"m1","amount":6000}]"#, "payers list member 'm1' more than once"),
                (#"[{"localId":"m1","amount":6000},{"localId":"m2","amount":5000}]"#, "1000 short of the amount 12000"),
            ]
            for (payers, message) in cases {
                let request = FromLocalTests.request().replacingOccurrences(
                    of: #""paidByLocalId":"m1","expenseDate":"2025-01-20","#,
                    with: #""paidByLocalId":"m1","payers":\#(payers),"expenseDate":"2025-01-20","#)
                let reply = try await api.call(.post, "/api/groups/from-local", token: token, json: request)
                #expect(reply.status == .badRequest && reply.error?.contains("expense 'e1'") == true
                        && reply.error?.contains(message) == true, "\(payers): \(reply)")
            }
            #expect(try await api.call(.get, "/api/groups", token: token).json["groups"].count == 0)
        }
    }

    @Test("sync createExpense and updateExpense carry payers; bad payers are rejected ops that write nothing")
    func sync() async throws {
        try await ServerHarness.run { api in
            let (token, group, ids) = try await Self.trio(api)
            let id = API.newID()
            func op(_ type: String, _ payers: String, paidBy: String = ids[0]) -> String {
                #"{"opId":"\#(API.newID())","type":"\#(type)","data":{"id":"\#(id)","description":"Boat","amount":70,"currency":"JPY","category":"Transport","paidByMemberId":"\#(paidBy)","expenseDate":"2025-01-20","splits":[{"memberId":"\#(ids[1])","amount":70}],"payers":\#(payers)}}"#
            }
            let created = try await api.sync(token, group: group, ops: [
                op("createExpense", API.payersJSON([(ids[0], "30"), (ids[2], "40")])),
                op("updateExpense", API.payersJSON([(ids[0], "30"), (ids[2], "30")])),
            ])
            let answer = try created.decode(Components.Schemas.SyncResponse.self)
            #expect(answer.results.map(\.status) == [.applied, .rejected], "\(answer.results)")
            #expect(answer.results[1].error?.contains("ops[1].data.payers: payer amounts sum to 60, 10 short of the amount 70") == true,
                    "\(answer.results[1])")
            let item = try #require(answer.changes.expenses.first { $0.id == id })
            #expect(item.payers == [.init(memberId: ids[0], amount: 30), .init(memberId: ids[2], amount: 40)])

            let updated = try await api.sync(token, group: group, since: answer.changes.revision, ops: [
                op("updateExpense", API.payersJSON([(ids[1], "35"), (ids[2], "35")]), paidBy: ids[2]),
            ])
            let second = try updated.decode(Components.Schemas.SyncResponse.self)
            #expect(second.results.map(\.status) == [.applied], "\(second.results)")
            #expect(second.changes.expenses.count == 1, "one item per expense, never one per payer")
            #expect(second.changes.expenses.first?.payers == [.init(memberId: ids[1], amount: 35), .init(memberId: ids[2], amount: 35)])
            #expect(second.changes.expenses.first?.paidByMemberId == ids[1])
        }
    }

    @Test("a member who is one of several payers cannot be removed; once the expense is deleted they can")
    func removal() async throws {
        try await ServerHarness.run { api in
            let (token, group, ids) = try await Self.trio(api)
            let id = try await api.addExpense(token, group: group, payer: ids[0], amount: "90", splits: [(ids[0], "90", false)],
                                              payers: [(ids[0], "45"), (ids[2], "45")])
            let refused = try await api.call(.delete, "/api/groups/\(group)/members/\(ids[2])", token: token)
            #expect(refused.status == .conflict && refused.error?.contains("1 expense") == true, "\(refused)")
            #expect(try await api.call(.delete, "/api/expenses/\(id)", token: token).status == .ok)
            let removed = try await api.call(.delete, "/api/groups/\(group)/members/\(ids[2])", token: token)
            #expect(removed.status == .ok, "\(removed)")
        }
    }
}
