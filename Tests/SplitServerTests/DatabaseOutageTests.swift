import Foundation
import PostgresNIO
@testable import SplitServer
import SplitServerTestSupport
import Testing

/// split-server while PostgreSQL is away: a 503 with `Retry-After: 1` and a JSON error, never
/// a 500 or a hang; readiness says so; nothing half-written; a retry with the same
/// `Idempotency-Key` stores the write once. Faults are real: a stopped cluster of the test's
/// own, backends ended with `pg_terminate_backend`.
///
/// The server is a `split-server` process (``ServerProcess``), not one inside the test run:
/// whatever a fault leaves its database pool waiting on stays in that process, which SIGKILL
/// ends, and every wait of the test itself has a deadline (``Bounded``). An outage test can
/// fail, but it cannot hold up the rest of `swift test`.

@Suite("split-server while PostgreSQL is away", .serialized)
struct DatabaseOutageTests {
    static let key = "Idempotency-Key"

    static func expectUnavailable(_ reply: RawResponse?, _ what: String) {
        #expect(reply?.status == 503, "\(what): \(String(describing: reply))")
        #expect(reply?.headers["retry-after"] == "1", "\(what): \(String(describing: reply?.headers))")
        #expect(reply?.json["error"].stringValue?.contains("database is unavailable") == true, "\(what): \(String(describing: reply))")
    }

    @Test("PostgreSQL stopped: reads and writes are 503 within the wait limit, readiness is 503; once it is back, a retry with the same key stores the write once",
          .timeLimit(.minutes(5)))
    func stoppedCluster() async throws {
        try await OwnCluster.run { cluster in
            let server = try await ServerProcess.start(cluster.settings)
            defer { server.kill() }
            try await Bounded.within(.seconds(120), "the outage of an own cluster") {
                try await Self.outage(of: cluster, server: server)
            }
        }
    }

    static func outage(of cluster: OwnCluster, server: ServerProcess) async throws {
        let token = try await server.register()
        let ready = try await server.request("GET", "/health/ready")
        #expect(ready?.status == 200 && ready?.json["status"].stringValue == "ready", "\(String(describing: ready))")

        // fast, not immediate: the test cluster runs with synchronous_commit off, and an
        // immediate stop would lose the registration just acknowledged.
        try await cluster.halt("fast")
        // The server waits at most its wait limit (5 s) for a connection, then answers 503.
        Self.expectUnavailable(try await server.request("GET", "/api/groups", token: token, within: .seconds(20)),
                               "list while stopped")
        let body = #"{"name":"Kyoto"}"#
        Self.expectUnavailable(try await server.request("POST", "/api/groups", token: token, body: body,
                                                        headers: [key: "g-1"], within: .seconds(20)),
                               "write while stopped")
        // The readiness answer is cached for a second; past it, the check finds the database away.
        try await Task.sleep(for: .milliseconds(1100))
        let away = try await server.request("GET", "/health/ready")
        #expect(away?.status == 503 && away?.json["db"].stringValue == "unreachable", "\(String(describing: away))")
        #expect(away?.headers["retry-after"] == "1")
        // Liveness is unaffected.
        #expect(try await server.request("GET", "/health")?.status == 200)

        try await cluster.resume()
        // A client that honours Retry-After: the pool reconnects within seconds.
        var stored: RawResponse?
        for _ in 0..<40 {
            let reply = try await server.request("POST", "/api/groups", token: token, body: body, headers: [key: "g-1"],
                                                 within: .seconds(20))
            if reply?.status == 201 { stored = reply; break }
            Self.expectUnavailable(reply, "write while reconnecting")
            try await Task.sleep(for: .milliseconds(500))
        }
        #expect(stored != nil, "no write succeeded within 20 s of PostgreSQL's return")
        let again = try await server.request("POST", "/api/groups", token: token, body: body, headers: [key: "g-1"])
        #expect(again?.status == 201 && again?.headers["idempotent-replayed"] == "true", "\(String(describing: again))")
        #expect(again?.json["group"]["id"].stringValue == stored?.json["group"]["id"].stringValue)
        let groups = try await server.request("GET", "/api/groups", token: token)
        #expect(groups?.status == 200)
        #expect(groups?.json["groups"].arrayValue?.count == 1, "\(String(describing: groups))")
        try await Task.sleep(for: .milliseconds(1100))
        #expect(try await server.request("GET", "/health/ready")?.status == 200)
    }

    @Test("the server's backend ended mid-write: 503, nothing stored; the retry with the same key stores it once",
          .timeLimit(.minutes(5)))
    func backendTerminatedMidWrite() async throws {
        let settings = try await TestDatabases.migrated()
        let server = try await ServerProcess.start(settings)
        defer { server.kill() }
        try await Bounded.within(.seconds(120), "the write whose backend was ended") {
            try await Self.endBackendMidWrite(server: server, settings: settings)
        }
    }

    static func endBackendMidWrite(server: ServerProcess, settings: DatabaseSettings) async throws {
        let token = try await server.register()
        let (group, body) = try await Self.expense(of: 1200, on: server, token: token)
        let post = try await RawConnection.open(port: server.port)
        defer { post.close() }
        try await TableLock.holding("expenses", in: settings) { lock in
            try await post.send(RawConnection.request("POST", "/api/expenses", headers: [
                "Authorization": "Bearer \(token)", key: "e-1",
            ], body: body))
            // Until the write waits on the lock, then end its backend.
            #expect(try await lock.endWaiters() == 1, "the write never waited on the lock")
        }
        let reply = await post.response(within: .seconds(30))
        Self.expectUnavailable(reply, "write whose backend ended")
        if reply == nil {
            Issue.record("no answer; the connection is \(post.isClosed ? "closed" : "open"), it got: \(post.text.prefix(300)); the server's log: \(server.output.split(separator: "\n").map { $0.prefix(260) }.joined(separator: "\n").suffix(6000))")
        }
        #expect(try await Self.expenseCount(settings, group: group) == 0, "half of the write was stored")
        let retry = try await server.request("POST", "/api/expenses", token: token, body: body, headers: [key: "e-1"])
        #expect(retry?.status == 201, "\(String(describing: retry))")
        let again = try await server.request("POST", "/api/expenses", token: token, body: body, headers: [key: "e-1"])
        #expect(again?.status == 201 && again?.headers["idempotent-replayed"] == "true", "\(String(describing: again))")
        #expect(try await Self.expenseCount(settings, group: group) == 1)
    }

    @Test("a write whose answer was lost on the way (the client's connection closed while it ran): the retry with the same key replays it, stored once",
          .timeLimit(.minutes(5)))
    func answerLost() async throws {
        let settings = try await TestDatabases.migrated()
        let server = try await ServerProcess.start(settings)
        defer { server.kill() }
        try await Bounded.within(.seconds(120), "the write whose answer was lost") {
            try await Self.loseAnswer(server: server, settings: settings)
        }
    }

    /// The outcome a client cannot know: it sent the write and its connection went away before
    /// the answer came (a proxy cut, a reset). The write is held on a lock until the client
    /// has gone, then commits; the client's retry with the same key must get the stored answer,
    /// not a second expense.
    static func loseAnswer(server: ServerProcess, settings: DatabaseSettings) async throws {
        let token = try await server.register()
        let (group, body) = try await Self.expense(of: 900, on: server, token: token)
        try await TableLock.holding("expenses", in: settings) { lock in
            let post = try await RawConnection.open(port: server.port)
            try await post.send(RawConnection.request("POST", "/api/expenses", headers: [
                "Authorization": "Bearer \(token)", key: "lost-1",
            ], body: body))
            try #require(try await lock.waiters() > 0, "the write never waited on the lock")
            post.close()
            try await Task.sleep(for: .milliseconds(200))
        }
        // The write goes on without its client and commits (bounded wait).
        var stored = 0
        for _ in 0..<200 where stored == 0 {
            stored = try await Self.expenseCount(settings, group: group)
            if stored == 0 { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(stored == 1, "the write whose client went away was not stored")
        let retry = try await server.request("POST", "/api/expenses", token: token, body: body, headers: [key: "lost-1"])
        #expect(retry?.status == 201 && retry?.headers["idempotent-replayed"] == "true", "\(String(describing: retry))")
        #expect(try await Self.expenseCount(settings, group: group) == 1, "the retry stored the write again")
    }

    /// A new group with one member, and the JSON of an expense of `amount` they paid and share.
    static func expense(of amount: Int, on server: ServerProcess, token: String) async throws -> (group: String, body: String) {
        let group = try #require(try await server.post("/api/groups", token: token, json: #"{"name":"Trip"}"#)
            .json["group"]["id"].stringValue)
        let alex = try #require(try await server.post("/api/groups/\(group)/members", token: token, json: #"{"name":"Alex"}"#)
            .json["member"]["id"].stringValue)
        return (group, API.expenseJSON(group: group, payer: alex, amount: "\(amount)", splits: [(alex, "\(amount)")]))
    }

    static func expenseCount(_ settings: DatabaseSettings, group: String) async throws -> Int {
        try await TestDatabases.withConnection(settings) { connection in
            var count = -1
            for try await value in try await connection.query(
                "SELECT count(*)::int FROM expenses WHERE group_id::text = \(group)", logger: TestCluster.logger).decode(Int.self) {
                count = value
            }
            return count
        }
    }
}
