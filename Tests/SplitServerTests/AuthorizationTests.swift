import Foundation
import HTTPTypes
@testable import SplitServer
import Testing

/// User B can neither read nor change anything of user A's: one case per route that takes an id.
@Suite("split-server authorization across users", .serialized)
struct AuthorizationTests {
    struct Route: CustomTestStringConvertible, Sendable {
        let method: HTTPRequest.Method
        /// Path with {group}, {member}, {expense}, {split} placeholders.
        let path: String
        let body: String?
        var testDescription: String { "\(method.rawValue) \(path)" }
    }

    static let routes: [Route] = [
        .init(method: .get, path: "/api/groups/{group}/members", body: nil),
        .init(method: .post, path: "/api/groups/{group}/members", body: #"{"name":"Eve"}"#),
        .init(method: .patch, path: "/api/groups/{group}/members/{member}", body: #"{"name":"Eve"}"#),
        .init(method: .delete, path: "/api/groups/{group}/members/{member}", body: nil),
        .init(method: .get, path: "/api/groups/{group}/expenses", body: nil),
        .init(method: .get, path: "/api/groups/{group}/balances?currency=JPY", body: nil),
        .init(method: .get, path: "/api/groups/{group}/payments", body: nil),
        .init(method: .post, path: "/api/groups/{group}/payments",
              body: #"{"fromMemberId":"{member}","toMemberId":"{payer}","amount":1,"currency":"JPY"}"#),
        .init(method: .post, path: "/api/expenses",
              body: #"{"groupId":"{group}","description":"x","amount":1,"currency":"JPY","category":"Meal","paidByMemberId":"{payer}","expenseDate":"2025-01-01","splits":[{"memberId":"{payer}","amount":1}]}"#),
        .init(method: .put, path: "/api/expenses/{expense}",
              body: #"{"description":"x","amount":1,"currency":"JPY","category":"Meal","paidByMemberId":"{payer}","expenseDate":"2025-01-01","splits":[{"memberId":"{payer}","amount":1}]}"#),
        .init(method: .delete, path: "/api/expenses/{expense}", body: nil),
        .init(method: .patch, path: "/api/expense-splits/{split}/payment", body: #"{"isPaid":true}"#),
        .init(method: .get, path: "/api/expense-splits/{split}/history", body: nil),
        .init(method: .patch, path: "/api/groups/{group}", body: #"{"name":"Mine now"}"#),
        .init(method: .get, path: "/api/groups/{group}/changes?since=0", body: nil),
        .init(method: .post, path: "/api/groups/{group}/sync",
              body: #"{"since":0,"ops":[{"opId":"00000000-0000-4000-8000-000000000001","type":"renameMember","data":{"id":"{member}","name":"Eve"}}]}"#),
        .init(method: .put, path: "/api/groups/{group}/rates/USD", body: #"{"rate":"150"}"#),
        .init(method: .delete, path: "/api/groups/{group}/rates/USD", body: nil),
        .init(method: .delete, path: "/api/groups/{group}/payments/{member}", body: nil),
        .init(method: .post, path: "/api/groups/{group}/share", body: nil),
        .init(method: .get, path: "/api/groups/{group}/share", body: nil),
        .init(method: .delete, path: "/api/groups/{group}/share", body: nil),
        .init(method: .delete, path: "/api/groups/{group}", body: nil),
    ]

    @Test("another user's group is 403 and nothing changes", arguments: routes)
    func forbidden(_ route: Route) async throws {
        try await ServerHarness.run { api in
            let (alice, group, m) = try await api.trip(["Alex", "Bea"])
            let expense = try await api.addExpense(alice, group: group, payer: m["Alex"]!, amount: "100",
                                                   splits: [(m["Alex"]!, "50"), (m["Bea"]!, "50")])
            let before = try await api.call(.get, "/api/groups/\(group)/expenses", token: alice).body
            let split = try #require(try await api.call(.get, "/api/groups/\(group)/expenses", token: alice)
                .json["expenses"][0]["splits"][0]["id"].stringValue)
            let (bob, _) = try await api.register("Bob")
            func fill(_ text: String) -> String {
                text.replacingOccurrences(of: "{group}", with: group).replacingOccurrences(of: "{member}", with: m["Bea"]!)
                    .replacingOccurrences(of: "{payer}", with: m["Alex"]!).replacingOccurrences(of: "{expense}", with: expense)
                    .replacingOccurrences(of: "{split}", with: split)
            }
            let reply = try await api.call(route.method, fill(route.path), token: bob, json: route.body.map(fill))
            #expect(reply.status == .forbidden, "\(reply)")
            #expect(reply.error?.contains("not a member") == true, "\(reply)")
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: alice).body == before)
            #expect(try await api.call(.get, "/api/groups/\(group)/members", token: alice).json["members"].count == 2)
            #expect(try await api.call(.get, "/api/groups/\(group)/payments", token: alice).json["payments"].count == 0)
        }
    }

    @Test("a joined user may add but not delete someone else's expense; the owner may")
    func editRights() async throws {
        try await ServerHarness.run { api in
            let (alice, group, m) = try await api.trip(["Alex", "Bea"])
            let code = try #require(try await api.call(.get, "/api/groups", token: alice).json["groups"][0]["invite_code"].stringValue)
            let (bob, _) = try await api.register("Bob")
            #expect(try await api.call(.post, "/api/groups/join", token: bob, json: #"{"inviteCode":"\#(code)"}"#).status == .ok)
            let alices = try await api.addExpense(alice, group: group, payer: m["Alex"]!, amount: "10", splits: [(m["Bea"]!, "10")])
            let bobs = try await api.addExpense(bob, group: group, payer: m["Bea"]!, amount: "20", splits: [(m["Alex"]!, "20")])
            #expect(try await api.call(.delete, "/api/expenses/\(alices)", token: bob).status == .forbidden)
            #expect(try await api.call(.delete, "/api/expenses/\(bobs)", token: bob).status == .ok)
            #expect(try await api.call(.delete, "/api/expenses/\(alices)", token: alice).status == .ok)
        }
    }

    @Test("only the owner deletes a group: a joined user gets 403; afterwards every route of it is 404")
    func deleteGroup() async throws {
        try await ServerHarness.run { api in
            let (alice, group, m) = try await api.trip(["Alex", "Bea"])
            _ = try await api.addExpense(alice, group: group, payer: m["Alex"]!, amount: "10", splits: [(m["Bea"]!, "10")])
            let code = try #require(try await api.call(.get, "/api/groups", token: alice).json["groups"][0]["invite_code"].stringValue)
            let (bob, _) = try await api.register("Bob")
            #expect(try await api.call(.post, "/api/groups/join", token: bob, json: #"{"inviteCode":"\#(code)"}"#).status == .ok)
            let refused = try await api.call(.delete, "/api/groups/\(group)", token: bob)
            #expect(refused.status == .forbidden && refused.error?.contains("owner") == true, "\(refused)")
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: bob).json["expenses"].count == 1)
            #expect(try await api.call(.delete, "/api/groups/\(group)", token: alice).status == .ok)
            for token in [alice, bob] {
                #expect(try await api.call(.get, "/api/groups/\(group)/changes?since=0", token: token).status == .notFound)
                #expect(try await api.call(.get, "/api/groups", token: token).json["groups"].count == 0)
            }
            #expect(try await api.call(.delete, "/api/groups/\(group)", token: alice).status == .notFound)
        }
    }
}
