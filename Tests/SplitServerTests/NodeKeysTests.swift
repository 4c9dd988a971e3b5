import Foundation
import HTTPTypes
@testable import SplitServer
import SplitJSON
import Testing

/// Every Node-compatible answer carries exactly the keys that LEGACY-API.md lists for the Node
/// server, with `null` where there is no value: clients of the Node server read those keys.
///
/// The lists below are LEGACY-API.md's, copied key by key. The data is chosen so that every
/// nullable key is null (a user without a phone, a group without a description, members
/// without accounts, a paid mark without a reason), which is where keys used to go missing.
@Suite("split-server answers carry the Node server's keys", .serialized)
struct NodeKeysTests {
    static let user: Set<String> = ["id", "email", "phone", "displayName"]
    static let group: Set<String> = ["id", "name", "description", "owner_id", "invite_code", "is_active"]
    static let member: Set<String> = ["id", "groupId", "userId", "name", "createdAt"]
    static let expense: Set<String> = ["id", "groupId", "description", "amount", "currency", "category", "paidByMemberId",
                                       "expenseDate", "createdAt", "splits"]
    static let split: Set<String> = ["id", "memberId", "amount", "isPaid"]
    static let history: Set<String> = ["id", "expense_split_id", "action", "performed_by_user_id", "performed_at", "reason",
                                       "performed_by_name"]

    /// The keys of `value`, and which of them hold null.
    static func keys(_ value: JSONValue?) -> Set<String> { Set(value?.objectValue?.map(\.key) ?? []) }
    static func nullKeys(_ value: JSONValue?) -> Set<String> {
        Set(value?.objectValue?.filter { $0.value == .null }.map(\.key) ?? [])
    }

    @Test("health, ping, register, login, me, groups, members, expenses, delete, split payment, history, logout")
    func everyAnswer() async throws {
        try await ServerHarness.run { api in
            let health = try await api.call(.get, "/health")
            // `features` is split-server's one addition, which clients use to tell the servers apart.
            #expect(Self.keys(health.json) == ["status", "mode", "port", "timestamp", "features"], "\(health)")
            let ping = try await api.call(.get, "/api/ping")
            #expect(Self.keys(ping.json) == ["db", "mode", "storage"], "\(ping)")

            let registered = try await api.call(.post, "/auth/register",
                json: #"{"email":"ann@example.com","password":"password-1","displayName":"Ann"}"#)
            #expect(registered.status == .created && Self.keys(registered.json) == ["user", "token"], "\(registered)")
            #expect(Self.keys(registered.json["user"]) == Self.user, "\(registered)")
            #expect(Self.nullKeys(registered.json["user"]) == ["phone"], "\(registered)")

            let byPhone = try await api.call(.post, "/auth/register",
                json: #"{"phone":"+81 90 1234","password":"password-1","displayName":"Ben"}"#)
            #expect(Self.keys(byPhone.json["user"]) == Self.user && Self.nullKeys(byPhone.json["user"]) == ["email"],
                    "\(byPhone)")

            let login = try await api.call(.post, "/auth/login", json: #"{"emailOrPhone":"ann@example.com","password":"password-1"}"#)
            #expect(login.status == .ok && Self.keys(login.json) == ["user", "token"], "\(login)")
            #expect(Self.keys(login.json["user"]) == Self.user && Self.nullKeys(login.json["user"]) == ["phone"], "\(login)")
            let token = try #require(login.json["token"].stringValue)

            let me = try await api.call(.get, "/auth/me", token: token)
            #expect(Self.keys(me.json) == ["user"] && Self.keys(me.json["user"]) == Self.user, "\(me)")
            #expect(Self.nullKeys(me.json["user"]) == ["phone"], "\(me)")

            let created = try await api.call(.post, "/api/groups", token: token, json: #"{"name":"Tokyo"}"#)
            #expect(created.status == .created && Self.keys(created.json) == ["group"], "\(created)")
            #expect(Self.keys(created.json["group"]) == Self.group, "\(created)")
            #expect(Self.nullKeys(created.json["group"]) == ["description"], "\(created)")
            let group = try #require(created.json["group"]["id"].stringValue)
            let groups = try await api.call(.get, "/api/groups", token: token)
            #expect(Self.keys(groups.json) == ["groups"] && Self.keys(groups.json["groups"][0]) == Self.group, "\(groups)")
            #expect(Self.nullKeys(groups.json["groups"][0]) == ["description"], "\(groups)")

            let alex = try await api.call(.post, "/api/groups/\(group)/members", token: token, json: #"{"name":"Alex"}"#)
            #expect(alex.status == .created && Self.keys(alex.json) == ["member"], "\(alex)")
            #expect(Self.keys(alex.json["member"]) == Self.member && Self.nullKeys(alex.json["member"]) == ["userId"], "\(alex)")
            let alexID = try #require(alex.json["member"]["id"].stringValue)
            let members = try await api.call(.get, "/api/groups/\(group)/members", token: token)
            #expect(Self.keys(members.json) == ["members"] && Self.keys(members.json["members"][0]) == Self.member,
                    "\(members)")
            #expect(Self.nullKeys(members.json["members"][0]) == ["userId"], "\(members)")

            let expense = try await api.call(.post, "/api/expenses", token: token, json: API.expenseJSON(
                group: group, payer: alexID, amount: "300", splits: [(alexID, "300")]))
            #expect(expense.status == .created && Self.keys(expense.json) == ["success", "expenseId"], "\(expense)")
            let expenses = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
            #expect(Self.keys(expenses.json) == ["expenses"] && Self.keys(expenses.json["expenses"][0]) == Self.expense,
                    "\(expenses)")
            #expect(Self.keys(expenses.json["expenses"][0]["splits"][0]) == Self.split, "\(expenses)")
            let splitID = try #require(expenses.json["expenses"][0]["splits"][0]["id"].stringValue)

            let paid = try await api.call(.patch, "/api/expense-splits/\(splitID)/payment", token: token, json: #"{"isPaid":true}"#)
            #expect(paid.status == .ok && Self.keys(paid.json) == ["success", "message"], "\(paid)")
            let history = try await api.call(.get, "/api/expense-splits/\(splitID)/history", token: token)
            #expect(Self.keys(history.json) == ["history"] && Self.keys(history.json["history"][0]) == Self.history,
                    "\(history)")
            #expect(Self.nullKeys(history.json["history"][0]) == ["reason"], "\(history)")

            let deleted = try await api.call(.delete, "/api/expenses/\(try #require(expense.json["expenseId"].stringValue))",
                                             token: token)
            #expect(deleted.status == .ok && Self.keys(deleted.json) == ["success"], "\(deleted)")
            let out = try await api.call(.post, "/auth/logout", token: token)
            #expect(out.status == .ok && Self.keys(out.json) == ["message"], "\(out)")
        }
    }
}
