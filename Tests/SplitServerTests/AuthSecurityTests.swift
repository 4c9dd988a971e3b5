import Foundation
import PostgresNIO
import SplitAPI
@testable import SplitServer
import Testing

@Suite("split-server tokens and brute-force protection", .serialized)
struct AuthSecurityTests {
    @Test("tokens are random, stored only hashed, and two logins in the same second both work")
    func tokens() async throws {
        try await ServerHarness.run { api in
            let (first, _) = try await api.register("Ann", email: "ann@example.com")
            async let a = api.call(.post, "/auth/login", json: #"{"emailOrPhone":"ann@example.com","password":"password-1"}"#)
            async let b = api.call(.post, "/auth/login", json: #"{"emailOrPhone":"ann@example.com","password":"password-1"}"#)
            let (one, two) = try await (a, b)
            #expect(one.status == .ok && two.status == .ok)
            let tokens = [first, one.json["token"].stringValue ?? "", two.json["token"].stringValue ?? ""]
            #expect(Set(tokens).count == 3 && tokens.allSatisfy { $0.count >= 40 })
            for token in tokens { #expect(try await api.call(.get, "/auth/me", token: token).status == .ok) }
            let clear = try await TestCluster.withAdmin(api.settings) { connection in
                var count: Int64 = -1
                for try await value in try await connection.query(
                    "SELECT count(*) FROM auth_tokens WHERE token IS NOT NULL OR token_hash IS NULL", logger: TestCluster.logger)
                    .decode(Int64.self) { count = value }
                return count
            }
            #expect(clear == 0)
        }
    }

    @Test("the routes that check the token inside their own statement refuse a logged-out or unknown token with 401 and write nothing")
    func deferredTokenCheck() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex"])
            let body = API.expenseJSON(group: group, payer: m["Alex"]!, amount: "5", splits: [(m["Alex"]!, "5")])
            let bad = API.expenseJSON(group: group, payer: m["Alex"]!, amount: "5", splits: [(m["Alex"]!, "4")])
            let reads = ["changes?since=0", "expenses", "members", "payments", "balances?currency=JPY"]
            for path in reads {
                #expect(try await api.call(.get, "/api/groups/\(group)/\(path)", token: token).status == .ok, "\(path)")
            }
            #expect(try await api.call(.post, "/api/expenses", token: token, json: body).status == .created)
            #expect(try await api.call(.post, "/api/expenses", token: token, json: bad).status == .badRequest)
            #expect(try await api.call(.post, "/auth/logout", token: token).status == .ok)
            for stale in [token, "spl_not-a-token"] {
                for path in reads {
                    let reply = try await api.call(.get, "/api/groups/\(group)/\(path)", token: stale)
                    #expect(reply.status == .unauthorized, "\(path): \(reply)")
                }
                let other = try await api.call(.get, "/api/groups/\(API.newID())/changes", token: stale)
                #expect(other.status == .unauthorized, "an unknown group does not show through a bad token: \(other)")
                #expect(try await api.call(.post, "/api/expenses", token: stale, json: body).status == .unauthorized)
                #expect(try await api.call(.post, "/api/expenses", token: stale, json: bad).status == .unauthorized,
                        "a bad token is a 401 before the body is judged")
            }
            let (fresh, _) = try await api.register("Mallory")
            #expect(try await api.call(.get, "/api/groups/\(group)/changes", token: fresh).status == .forbidden)
            let count = try await TestCluster.withAdmin(api.settings) { connection in
                var value: Int64 = -1
                for try await n in try await connection.query("SELECT count(*) FROM expenses", logger: TestCluster.logger)
                    .decode(Int64.self) { value = n }
                return value
            }
            #expect(count == 1)
        }
    }

    @Test("failed logins lock the account out from their address with 429 and Retry-After, but its tokens keep working")
    func bruteForce() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register("Ann", email: "ann@example.com")
            for _ in 0..<5 {
                let wrong = try await api.call(.post, "/auth/login", json: #"{"emailOrPhone":"ann@example.com","password":"guess-000"}"#)
                #expect(wrong.status == .unauthorized)
            }
            let locked = try await api.call(.post, "/auth/login", json: #"{"emailOrPhone":"ANN@example.com","password":"password-1"}"#)
            #expect(locked.status == .tooManyRequests, "\(locked)")
            #expect(Int(locked.headers[.retryAfter] ?? "") ?? 0 > 0)
            for _ in 0..<20 { #expect(try await api.call(.get, "/api/groups", token: token).status == .ok) }
            #expect(try await api.call(.get, "/auth/me", token: token).status == .ok)
        }
    }

    @Test("the throttle counts per account and address, per address and per account, forgets after its window, and a success clears its own pair")
    func throttleWindow() async throws {
        try await ServerHarness.run { api in
            let clock = FakeClock()
            let throttle = LoginThrottle(database: api.database,
                                         limits: .init(perAccountAndIP: 2, perIP: 3, perAccount: 4, window: 60),
                                         now: { Date(timeIntervalSince1970: clock.now) })
            try await throttle.recordFailure(account: "a", ip: "1.2.3.4")
            try await throttle.recordFailure(account: "a", ip: "1.2.3.4")
            await #expect(throws: APIError.self) { try await throttle.check(account: "A", ip: "1.2.3.4") }
            // Another address still gets in: the owner is not locked out by someone else's guesses.
            try await throttle.check(account: "a", ip: "9.9.9.9")
            clock.now = 30
            let locked = await #expect(throws: APIError.self) { try await throttle.check(account: "a", ip: "1.2.3.4") }
            #expect(locked?.headers[.retryAfter] == "30")
            clock.now = 61
            try await throttle.check(account: "a", ip: "1.2.3.4")
            // Per address, whatever the account.
            try await throttle.recordFailure(account: "b", ip: "5.5.5.5")
            try await throttle.recordFailure(account: "c", ip: "5.5.5.5")
            try await throttle.recordFailure(account: "d", ip: "5.5.5.5")
            await #expect(throws: APIError.self) { try await throttle.check(account: "e", ip: "5.5.5.5") }
            // Per account, from every address together.
            for address in 1...4 { try await throttle.recordFailure(account: "m", ip: "10.0.0.\(address)") }
            await #expect(throws: APIError.self) { try await throttle.check(account: "m", ip: "10.0.0.9") }
            // A success forgets its own (account, address) failures, not the address's, nor the
            // account's from elsewhere.
            try await throttle.recordFailure(account: "f", ip: "6.6.6.6")
            try await throttle.recordFailure(account: "f", ip: "6.6.6.6")
            await #expect(throws: APIError.self) { try await throttle.check(account: "f", ip: "6.6.6.6") }
            try await throttle.recordSuccess(account: "f", ip: "6.6.6.6")
            try await throttle.check(account: "f", ip: "6.6.6.6")
            try await throttle.recordFailure(account: "g", ip: "6.6.6.6")
            await #expect(throws: APIError.self) { try await throttle.check(account: "h", ip: "6.6.6.6") }
            try await throttle.recordSuccess(account: "m", ip: "10.0.0.1")
            await #expect(throws: APIError.self) { try await throttle.check(account: "m", ip: "10.0.0.9") }
            // Failures that left the window are deleted as new ones arrive.
            clock.now = 200
            try await throttle.recordFailure(account: "z", ip: "8.8.8.8")
            let stored = try await TestCluster.withAdmin(api.settings) { connection in
                var scopes: [String] = []
                for try await scope in try await connection.query(
                    "SELECT scope FROM login_failures ORDER BY scope", logger: TestCluster.logger).decode(String.self) {
                    scopes.append(scope)
                }
                return scopes
            }
            #expect(stored == ["account-ip:8.8.8.8 z", "account:z", "ip:8.8.8.8"])
        }
    }
}

/// A settable clock for the throttle, the one test double here.
final class FakeClock: @unchecked Sendable {
    var now: TimeInterval = 0
}
