import Foundation
import HTTPTypes
import PostgresNIO
@testable import SplitServer
import SplitServerTestSupport
import Testing

/// split-server while PostgreSQL is away: a 503 with `Retry-After: 1` and a JSON error, never
/// a 500 or a hang; readiness says so; nothing half-written; a retry with the same
/// `Idempotency-Key` stores the write once. Faults are real: a stopped cluster of the test's
/// own, backends ended with `pg_terminate_backend`.
@Suite("split-server while PostgreSQL is away", .serialized)
struct DatabaseOutageTests {
    static let key = HTTPField.Name("Idempotency-Key")!
    static let replayed = HTTPField.Name("Idempotent-Replayed")!

    static func expectUnavailable(_ reply: API.Reply, _ what: String) {
        #expect(reply.status == .serviceUnavailable, "\(what): \(reply)")
        #expect(reply.headers[.retryAfter] == "1", "\(what): \(reply.headers)")
        #expect(reply.error?.contains("database is unavailable") == true, "\(what): \(reply)")
    }

    @Test("PostgreSQL stopped: reads and writes are 503 within the wait limit, readiness is 503; once it is back, a retry with the same key stores the write once",
          .timeLimit(.minutes(3)))
    func stoppedCluster() async throws {
        try await OwnCluster.run { cluster in
            try await ServerHarness.run(settings: cluster.settings, configure: { $0.databaseWaitLimit = .seconds(1) }) { api in
                let (token, _) = try await api.register()
                let ready = try await api.call(.get, "/health/ready")
                #expect(ready.status == .ok && ready.json["status"].stringValue == "ready", "\(ready)")

                // fast, not immediate: the test cluster runs with synchronous_commit off, and an
                // immediate stop would lose the registration just acknowledged.
                try cluster.halt("fast")
                let started = ContinuousClock.now
                Self.expectUnavailable(try await api.call(.get, "/api/groups", token: token), "list while stopped")
                let body = #"{"name":"Kyoto"}"#
                Self.expectUnavailable(try await api.call(.post, "/api/groups", token: token, json: body, headers: [Self.key: "g-1"]),
                                       "write while stopped")
                #expect(started.duration(to: .now) < .seconds(6), "two 503s took \(started.duration(to: .now))")
                // The readiness answer is cached for a second; past it, the check finds the database away.
                try await Task.sleep(for: .milliseconds(1100))
                let away = try await api.call(.get, "/health/ready")
                #expect(away.status == .serviceUnavailable && away.json["db"].stringValue == "unreachable", "\(away)")
                #expect(away.headers[.retryAfter] == "1")
                // Liveness is unaffected.
                #expect(try await api.call(.get, "/health").status == .ok)

                try cluster.resume()
                // A client that honours Retry-After: the pool reconnects within seconds.
                var stored: API.Reply?
                for _ in 0..<40 {
                    let reply = try await api.call(.post, "/api/groups", token: token, json: body, headers: [Self.key: "g-1"])
                    if reply.status == .created { stored = reply; break }
                    Self.expectUnavailable(reply, "write while reconnecting")
                    try await Task.sleep(for: .milliseconds(500))
                }
                #expect(stored != nil, "no write succeeded within 20 s of PostgreSQL's return")
                let again = try await api.call(.post, "/api/groups", token: token, json: body, headers: [Self.key: "g-1"])
                #expect(again.status == .created && again.headers[Self.replayed] == "true", "\(again)")
                #expect(again.json["group"]["id"].stringValue == stored?.json["group"]["id"].stringValue)
                let groups = try await api.call(.get, "/api/groups", token: token)
                #expect(groups.status == .ok)
                #expect(groups.json["groups"].arrayValue?.count == 1, "\(groups)")
                try await Task.sleep(for: .milliseconds(1100))
                #expect(try await api.call(.get, "/health/ready").status == .ok)
            }
        }
    }

    @Test("the server's backend ended mid-write: 503, nothing stored; the retry with the same key stores it once",
          .timeLimit(.minutes(3)))
    func backendTerminatedMidWrite() async throws {
        try await ServerHarness.run { api in
            let (token, group, members) = try await api.trip(["Alex"])
            let alex = try #require(members["Alex"])
            let body = API.expenseJSON(group: group, payer: alex, amount: "1200", splits: [(alex, "1200")])
            try await TestDatabases.withConnection(api.settings) { lock in
                let logger = TestCluster.logger
                try await lock.query("BEGIN", logger: logger)
                try await lock.query("LOCK TABLE expenses IN ACCESS EXCLUSIVE MODE", logger: logger)
                let post = Task { try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "e-1"]) }
                // Wait (bounded) until the write waits on the lock, then end its backend.
                var ended = 0
                for _ in 0..<200 where ended == 0 {
                    let rows = try await lock.query("""
                        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'
                        """, logger: logger)
                    for try await _ in rows { ended += 1 }
                    if ended == 0 { try await Task.sleep(for: .milliseconds(25)) }
                }
                #expect(ended == 1, "the write never waited on the lock")
                try await lock.query("ROLLBACK", logger: logger)
                Self.expectUnavailable(try await post.value, "write whose backend ended")
            }
            #expect(try await api.expenseCount(group: group) == 0, "half of the write was stored")
            let retry = try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "e-1"])
            #expect(retry.status == .created, "\(retry)")
            let again = try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "e-1"])
            #expect(again.status == .created && again.headers[Self.replayed] == "true", "\(again)")
            #expect(try await api.expenseCount(group: group) == 1)
        }
    }
}
