import Foundation
import HTTPTypes
import PostgresNIO
import SplitAPI
@testable import SplitServer
import Testing

/// Two split-server instances on one database behave as one server: each test runs two
/// in-process routers, each with its own `PostgresClient` (so its own connections and its
/// own memory), on one fresh database, and sends requests to both.
@Suite("split-server: several processes on one database", .serialized)
struct MultiInstanceTests {
    static let key = HTTPField.Name("Idempotency-Key")!
    static let replayed = HTTPField.Name("Idempotent-Replayed")!

    /// Runs `body` with clients for two servers, A and B, on one new database.
    static func pair(_ body: @escaping @Sendable (API, API) async throws -> Void) async throws {
        let settings = try await TestCluster.freshDatabase()
        try await ServerHarness.run(settings: settings) { a in
            try await ServerHarness.run(settings: settings) { b in
                try await body(a, b)
            }
        }
    }

    static func login(_ api: API, password: String = "password-1") async throws -> API.Reply {
        try await api.call(.post, "/auth/login", json: #"{"emailOrPhone":"ann@example.com","password":"\#(password)"}"#)
    }

    @Test("a logout on one instance is a 401 on the other at once, round after round")
    func logoutEverywhere() async throws {
        try await Self.pair { a, b in
            _ = try await a.register("Ann", email: "ann@example.com")
            for round in 0..<50 {
                // Alternate which instance logs out and which one must notice.
                let (here, there) = round.isMultiple(of: 2) ? (a, b) : (b, a)
                guard let token = try await Self.login(there).json["token"].stringValue else {
                    Issue.record("login failed in round \(round)")
                    return
                }
                // Both instances have just accepted the token.
                #expect(try await there.call(.get, "/auth/me", token: token).status == .ok)
                #expect(try await here.call(.get, "/api/groups", token: token).status == .ok)
                #expect(try await here.call(.post, "/auth/logout", token: token).status == .ok)
                let after = try await there.call(.get, "/auth/me", token: token)
                #expect(after.status == .unauthorized, "round \(round): \(after)")
                #expect(try await here.call(.get, "/api/groups", token: token).status == .unauthorized)
            }
        }
    }

    @Test("failed logins spread over two instances lock the account once their total reaches the limit")
    func throttleIsShared() async throws {
        try await Self.pair { a, b in
            let (token, _) = try await a.register("Ann", email: "ann@example.com")
            // Four failures, two on each: under the limit of 5, on either count.
            for api in [a, b, a, b] {
                #expect(try await Self.login(api, password: "guess-000").status == .unauthorized)
            }
            // The fifth, on B, is still judged (and fails); with per-process counters B would
            // have seen only three.
            #expect(try await Self.login(b, password: "guess-001").status == .unauthorized)
            for api in [a, b] {
                let locked = try await Self.login(api)
                #expect(locked.status == .tooManyRequests, "\(locked)")
                #expect(Int(locked.headers[.retryAfter] ?? "") ?? 0 > 0)
            }
            // The lockout is of logins only: the account's token still works on both.
            #expect(try await a.call(.get, "/auth/me", token: token).status == .ok)
            #expect(try await b.call(.get, "/auth/me", token: token).status == .ok)
        }
    }

    @Test("one Idempotency-Key sent at once to two instances creates one expense, and both get its body")
    func idempotencyAcrossInstances() async throws {
        try await Self.pair { a, b in
            let (token, group, m) = try await a.trip(["Alex"])
            let rounds = 10
            for round in 0..<rounds {
                let body = API.expenseJSON(group: group, payer: m["Alex"]!, amount: "\(round + 1)",
                                           splits: [(m["Alex"]!, "\(round + 1)")])
                let headers: HTTPFields = [Self.key: "key-\(round)"]
                async let first = a.call(.post, "/api/expenses", token: token, json: body, headers: headers)
                async let second = b.call(.post, "/api/expenses", token: token, json: body, headers: headers)
                let replies = try await [first, second]
                #expect(replies.allSatisfy { $0.status == .created }, "round \(round): \(replies)")
                #expect(replies[0].body == replies[1].body)
                #expect(replies.filter { $0.headers[Self.replayed] == "true" }.count == 1, "round \(round)")
            }
            let listed = try await b.call(.get, "/api/groups/\(group)/expenses", token: token)
            #expect(listed.json["expenses"].count == rounds)
            #expect(try await Self.count("SELECT count(*) FROM expenses", in: a) == Int64(rounds))
        }
    }

    @Test("one sync batch sent at once to two instances applies each opId once, and both get the same results")
    func opIDsAcrossInstances() async throws {
        try await Self.pair { a, b in
            let (token, group, m) = try await a.trip(["Alex", "Bea"])
            for round in 0..<5 {
                let ops = (1...20).map { amount in
                    SyncBatchTests.createExpense(id: API.newID(), payer: m["Alex"]!, owes: m["Bea"]!, amount: amount + round * 100)
                } + [#"{"opId":"\#(API.newID())","type":"renameMember","data":{"id":"\#(m["Bea"]!)","name":"Bea \#(round)"}}"#]
                async let first = a.sync(token, group: group, ops: ops)
                async let second = b.sync(token, group: group, ops: ops)
                let (one, two) = try await (first, second)
                #expect(one.status == .ok && two.status == .ok, "round \(round): \(one) \(two)")
                let results = try one.decode(Components.Schemas.SyncResponse.self).results
                #expect(results.allSatisfy { $0.status == .applied })
                #expect(try two.decode(Components.Schemas.SyncResponse.self).results == results)
            }
            #expect(try await Self.count("SELECT count(*) FROM expenses", in: a) == 100)
            #expect(try await Self.count("SELECT count(*) FROM sync_operations", in: b) == 105)
        }
    }

    @Test("deactivating an account in SQL is a 401 on every instance at once, and reactivating undoes it")
    func deactivationEverywhere() async throws {
        try await Self.pair { a, b in
            let (token, id) = try await a.register("Ann", email: "ann@example.com")
            for round in 0..<10 {
                for api in [a, b] { #expect(try await api.call(.get, "/auth/me", token: token).status == .ok) }
                try await Self.setActive(false, user: id, in: a)
                for api in [b, a] {
                    let reply = try await api.call(.get, "/api/groups", token: token)
                    #expect(reply.status == .unauthorized, "round \(round): \(reply)")
                }
                try await Self.setActive(true, user: id, in: a)
            }
        }
    }

    static func setActive(_ active: Bool, user: String, in api: API) async throws {
        try await TestCluster.withAdmin(api.settings) { connection in
            try await connection.query("UPDATE users SET is_active = \(active) WHERE id = \(user)::uuid",
                                       logger: TestCluster.logger)
        }
    }

    static func count(_ sql: String, in api: API) async throws -> Int64 {
        try await TestCluster.withAdmin(api.settings) { connection in
            var count: Int64 = -1
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: TestCluster.logger)
                .decode(Int64.self) { count = value }
            return count
        }
    }
}
