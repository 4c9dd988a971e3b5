import Foundation
import SplitAPI
@testable import SplitServer
import Testing

/// Every endpoint answers with its documented status and a body that decodes as the schema of
/// `openapi.yaml` (through the generated types), with the Node server's key names.
@Suite("split-server endpoints: success shapes", .serialized)
struct EndpointTests {
    @Test("health and ping")
    func status() async throws {
        try await ServerHarness.run { api in
            let health = try await api.call(.get, "/health")
            #expect(health.status == .ok)
            let decoded = try health.decode(Components.Schemas.Health.self)
            #expect(decoded.status == "ok" && decoded.mode == "vps" && decoded.port == "3012")
            #expect(decoded.features == ["idempotency", "expense-edit", "payments", "balances", "from-local",
                                         "member-edit", "invites", "sync", "payers", "claims", "preferences", "currencies",
                                         "share-links", "split-given",
                                         "conversions", "departures", "recurring", "categories"])
            let ping = try await api.call(.get, "/api/ping")
            #expect(try ping.decode(Components.Schemas.Ping.self) == .init(db: "ok", mode: "vps", storage: "postgresql"))
        }
    }

    @Test("register, login, me, logout")
    func auth() async throws {
        try await ServerHarness.run { api in
            let registered = try await api.call(.post, "/auth/register",
                json: #"{"email":"Ann@Example.com","password":"password-1","displayName":"Ann"}"#)
            #expect(registered.status == .created, "\(registered)")
            let auth = try registered.decode(Components.Schemas.AuthResponse.self)
            #expect(auth.user.email == "ann@example.com" && auth.user.displayName == "Ann")
            let again = try await api.call(.post, "/auth/register",
                json: #"{"email":"ann@example.com","password":"password-2","displayName":"Ann 2"}"#)
            #expect(again.status == .conflict, "\(again)")

            let login = try await api.call(.post, "/auth/login",
                json: #"{"emailOrPhone":"ANN@example.com","password":"password-1","deviceName":"split-cli"}"#)
            #expect(login.status == .ok, "\(login)")
            let token = try login.decode(Components.Schemas.AuthResponse.self).token
            #expect(token != auth.token)
            let me = try await api.call(.get, "/auth/me", token: token)
            #expect(try me.decode(Components.Schemas.MeResponse.self).user.id == auth.user.id)
            let out = try await api.call(.post, "/auth/logout", token: token)
            #expect(try out.decode(Components.Schemas.MessageResponse.self).message == "Logged out")
            #expect(try await api.call(.get, "/auth/me", token: token).status == .unauthorized)
            #expect(try await api.call(.get, "/auth/me", token: auth.token).status == .ok)
        }
    }

    @Test("groups: create (default name), list owned and joined, join by invite code")
    func groups() async throws {
        try await ServerHarness.run { api in
            let (alice, aliceID) = try await api.register("Alice")
            let created = try await api.call(.post, "/api/groups", token: alice, json: "{}")
            #expect(created.status == .created)
            let group = try created.decode(Components.Schemas.GroupEnvelope.self).group
            #expect(group.name == "My Trip" && group.ownerId == aliceID && group.isActive)
            let code = try #require(group.inviteCode, "split-server always gives a group its invite code")
            #expect(code.count == 6)
            #expect(code.allSatisfy { "ABCDEFGHJKMNPQRSTUVWXYZ23456789".contains($0) })
            #expect(created.json["group"].keys == ["id", "name", "description", "owner_id", "invite_code", "is_active"])
            #expect(created.json["group"]["description"] == .null, "no description is sent as null, as Node does")

            let (bob, _) = try await api.register("Bob")
            #expect(try await api.call(.get, "/api/groups", token: bob).decode(Components.Schemas.GroupList.self).groups.isEmpty)
            let joined = try await api.call(.post, "/api/groups/join", token: bob,
                                            json: #"{"inviteCode":"\#(code.lowercased())"}"#)
            #expect(joined.status == .ok, "\(joined)")
            let list = try await api.call(.get, "/api/groups", token: bob).decode(Components.Schemas.GroupList.self)
            #expect(list.groups.map(\.id) == [group.id])
            #expect(try await api.call(.post, "/api/groups/join", token: bob, json: #"{"inviteCode":"ZZZZZZ"}"#).status == .notFound)
        }
    }

    @Test("members: add, list by name, rename, remove unless used")
    func members() async throws {
        try await ServerHarness.run { api in
            let (token, group, members) = try await api.trip(["Chen", "alex", "Bea"])
            let list = try await api.call(.get, "/api/groups/\(group)/members", token: token)
                .decode(Components.Schemas.MemberList.self).members
            #expect(list.map(\.name) == ["alex", "Bea", "Chen"])
            #expect(list.allSatisfy { $0.groupId == group && $0.createdAt.hasSuffix("Z") })
            let duplicate = try await api.call(.post, "/api/groups/\(group)/members", token: token, json: #"{"name":"BEA"}"#)
            #expect(duplicate.status == .conflict, "\(duplicate)")

            let renamed = try await api.call(.patch, "/api/groups/\(group)/members/\(members["alex"]!)", token: token,
                                             json: #"{"name":"Alex"}"#)
            #expect(try renamed.decode(Components.Schemas.MemberEnvelope.self).member.name == "Alex")

            try await api.addExpense(token, group: group, payer: members["Bea"]!, amount: "100",
                                     splits: [(members["Bea"]!, "50"), (members["Chen"]!, "50")])
            let refused = try await api.call(.delete, "/api/groups/\(group)/members/\(members["Chen"]!)", token: token)
            #expect(refused.status == .conflict && refused.error?.contains("1 expense") == true, "\(refused)")
            let removed = try await api.call(.delete, "/api/groups/\(group)/members/\(members["alex"]!)", token: token)
            #expect(try removed.decode(Components.Schemas.SuccessResponse.self).success)
            #expect(try await api.call(.get, "/api/groups/\(group)/members", token: token).json["members"].count == 2)
        }
    }

    @Test("expenses: create, list newest first with splits, edit, mark paid, history, delete")
    func expenses() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip()
            let first = try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: "3000",
                                                 splits: [(m["Alex"]!, "1000"), (m["Bea"]!, "1000"), (m["Chen"]!, "1000")],
                                                 date: "2025-01-20")
            let created = try await api.call(.post, "/api/expenses", token: token, json: API.expenseJSON(
                group: group, payer: m["Bea"]!, amount: "10.01", currency: "USD",
                splits: [(m["Alex"]!, "5.01"), (m["Bea"]!, "5")], date: "2025-01-21"))
            #expect(created.status == .created)
            let second = try created.decode(Components.Schemas.CreatedExpense.self)
            #expect(second.success)

            let listed = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
            let expenses = try listed.decode(Components.Schemas.ExpenseList.self).expenses
            #expect(expenses.map(\.id) == [second.expenseId, first])
            #expect(expenses[0].amount == 10.01 && expenses[0].currency == "USD")
            #expect(expenses[0].expenseDate == "2025-01-21T00:00:00.000Z")
            #expect(expenses[1].splits.map(\.amount) == [1000, 1000, 1000])
            #expect(listed.body.contains(#""amount":10.01"#) && listed.body.contains(#""amount":3000,"#))
            #expect(listed.json["expenses"][0].keys == ["id", "groupId", "description", "amount", "currency", "category",
                                                        "paidByMemberId", "expenseDate", "createdAt", "splits"])

            let beaSplit = try #require(expenses[1].splits.first { $0.memberId == m["Bea"]! })
            let paid = try await api.call(.patch, "/api/expense-splits/\(beaSplit.id)/payment", token: token,
                                          json: #"{"isPaid":true,"reason":"cash"}"#)
            #expect(try paid.decode(Components.Schemas.SplitPaymentResponse.self).message == "Marked paid")
            let unpaid = try await api.call(.patch, "/api/expense-splits/\(beaSplit.id)/payment", token: token,
                                            json: #"{"isPaid":false}"#)
            #expect(unpaid.json["message"].stringValue == "Marked unpaid")
            let history = try await api.call(.get, "/api/expense-splits/\(beaSplit.id)/history", token: token)
                .decode(Components.Schemas.SplitHistory.self).history
            #expect(history.map(\.action) == [.markedUnpaid, .markedPaid])
            #expect(history.last?.reason == "cash" && history[0].performedByName == "Alice")

            // PUT keeps split ids and paid state of members who stay, drops the others.
            _ = try await api.call(.patch, "/api/expense-splits/\(beaSplit.id)/payment", token: token, json: #"{"isPaid":true}"#)
            let edited = try await api.call(.put, "/api/expenses/\(first)", token: token, json: #"""
                {"description":"Dinner 2","amount":4000,"currency":"JPY","category":"Hotel","paidByMemberId":"\#(m["Alex"]!)",
                 "expenseDate":"2025-01-19","splits":[{"memberId":"\#(m["Bea"]!)","amount":2000},{"memberId":"\#(m["Alex"]!)","amount":2000}]}
                """#)
            #expect(edited.status == .ok, "\(edited)")
            let expense = try edited.decode(Components.Schemas.ExpenseEnvelope.self).expense
            #expect(expense.amount == 4000 && expense.category == "Hotel" && expense.description == "Dinner 2")
            #expect(expense.splits.count == 2)
            let bea = try #require(expense.splits.first { $0.memberId == m["Bea"]! })
            #expect(bea.id == beaSplit.id && bea.isPaid && bea.amount == 2000)

            let deleted = try await api.call(.delete, "/api/expenses/\(first)", token: token)
            #expect(try deleted.decode(Components.Schemas.SuccessResponse.self).success)
            #expect(try await api.call(.delete, "/api/expenses/\(first)", token: token).status == .notFound)
            let after = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
            #expect(try after.decode(Components.Schemas.ExpenseList.self).expenses.map(\.id) == [second.expenseId])
        }
    }

    @Test("the cached expense route answers exactly what the typed handler answers")
    func cachedListingMatchesTypedHandler() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip()
            for amount in ["300", "301", "302"] {
                try await api.addExpense(token, group: group, payer: m["Chen"]!, amount: amount,
                                         splits: [(m["Alex"]!, "100"), (m["Bea"]!, String(Int(amount)! - 100))])
            }
            let fast = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
                .decode(Components.Schemas.ExpenseList.self)
            let services = ServerServices(configuration: .init(database: .init()), database: api.database)
            let user = try #require(try await services.users.authenticate(token: token))
            let typed = try await AuthenticatedUser.$credential.withValue(.init(user: user)) {
                try await APIHandler(services: services, port: 3012).listExpenses(.init(path: .init(groupId: group)))
            }
            #expect(try typed.ok.body.json == fast)
            // A change is visible at once: the cache is keyed by the group's revision.
            try await api.addExpense(token, group: group, payer: m["Chen"]!, amount: "5", splits: [(m["Alex"]!, "5")])
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].count == 4)
        }
    }

    @Test("payments and balances: SplitCore's plan, payments included")
    func paymentsAndBalances() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["A", "B", "C", "D", "E"])
            // Nets {A −4, B −3, C −3, D +4, E +6}: D paid 4 for A, E paid 6 for B and C.
            try await api.addExpense(token, group: group, payer: m["D"]!, amount: "4", splits: [(m["A"]!, "4")])
            try await api.addExpense(token, group: group, payer: m["E"]!, amount: "6", splits: [(m["B"]!, "3"), (m["C"]!, "3")])
            let balances = try await api.call(.get, "/api/groups/\(group)/balances?currency=JPY", token: token)
            #expect(balances.status == .ok, "\(balances)")
            let plan = try balances.decode(Components.Schemas.Settlement.self)
            #expect(plan.currency == "JPY" && plan.transfers.count == 3)
            #expect(plan.balances.map(\.netBalance) == [-4, -3, -3, 4, 6])
            #expect(plan.transfers.map { "\($0.fromName)>\($0.toName):\($0.amount)" } == ["A>D:4.0", "B>E:3.0", "C>E:3.0"])

            let payment = try await api.call(.post, "/api/groups/\(group)/payments", token: token, json: #"""
                {"fromMemberId":"\#(m["A"]!)","toMemberId":"\#(m["D"]!)","amount":4,"currency":"JPY","note":"cash","paymentDate":"2025-01-22"}
                """#)
            #expect(payment.status == .created, "\(payment)")
            #expect(try payment.decode(Components.Schemas.PaymentEnvelope.self).payment.note == "cash")
            let payments = try await api.call(.get, "/api/groups/\(group)/payments", token: token)
                .decode(Components.Schemas.PaymentList.self).payments
            #expect(payments.count == 1 && payments[0].amount == 4 && payments[0].paymentDate == "2025-01-22")
            // Without ?currency the group's only currency is used.
            let after = try await api.call(.get, "/api/groups/\(group)/balances", token: token)
                .decode(Components.Schemas.Settlement.self)
            #expect(after.transfers.count == 2 && after.balances[0].paymentsMade == 4)
        }
    }
}
