import Foundation
import PostgresNIO
@testable import SplitServer
import SplitServerTestSupport
import Testing

/// SIGTERM to a real `split-server` process with requests in flight: each gets its answer
/// (saying `Connection: close`), idle connections close at once, no new connection is taken,
/// and the process exits 0. The control, `--shutdown-timeout 0`, cuts the same requests off.
///
/// The requests are held in flight for real: a transaction of the test's own locks the table
/// they write to until the signal has been sent.
@Suite("split-server shutdown on SIGTERM", .serialized)
struct ShutdownTests {
    static let inFlight = 4

    /// Starts a server with `arguments`, puts ``inFlight`` group creations in flight behind a
    /// lock, opens an idle kept-alive connection, sends SIGTERM, then runs `check` before the
    /// lock is released, and `after` once it is.
    static func sigtermWithRequestsInFlight(
        arguments: [String],
        check: (ServerProcess, RawConnection) async throws -> Void,
        after: (ServerProcess, [RawConnection], DatabaseSettings) async throws -> Void
    ) async throws {
        let settings = try await TestDatabases.migrated()
        let server = try await ServerProcess.start(settings, arguments: arguments)
        defer { server.kill() }
        let token = try await server.register()
        // An idle keep-alive connection that has been used once.
        let idle = try await RawConnection.open(port: server.port)
        defer { idle.close() }
        try await idle.send(RawConnection.request("GET", "/health"))
        #expect(await idle.response(within: .seconds(10))?.status == 200)
        var connections: [RawConnection] = []
        defer { connections.forEach { $0.close() } }
        try await TableLock.holding("trip_groups", in: settings) { lock in
            for index in 0..<inFlight {
                let connection = try await RawConnection.open(port: server.port)
                try await connection.send(RawConnection.request("POST", "/api/groups", headers: [
                    "Authorization": "Bearer \(token)", "Idempotency-Key": "drain-\(index)",
                ], body: #"{"name":"Trip \#(index)"}"#))
                connections.append(connection)
            }
            // Until the requests are inside the server: the first waits on the lock, the
            // others behind it (on the lock, or on the first one's locks).
            try #require(try await lock.waiters() > 0, "no request reached the database")
            try await Task.sleep(for: .milliseconds(500))
            server.signal(SIGTERM)
            try await Task.sleep(for: .milliseconds(300))
            try await check(server, idle)
        }
        try await after(server, connections, settings)
    }

    @Test("SIGTERM: every request in flight is answered with Connection: close, idle connections close, new ones are refused, exit 0",
          .timeLimit(.minutes(3)))
    func drains() async throws {
        try await Self.sigtermWithRequestsInFlight(arguments: ["--shutdown-timeout", "20"]) { server, idle in
            #expect(await idle.closed(within: .seconds(2)) != nil, "the idle connection stayed open")
            let refused = (try? await server.request("GET", "/health", within: .seconds(2))) ?? nil
            #expect(refused == nil, "a new connection was answered during the drain: \(String(describing: refused))")
            #expect(server.process.isRunning, "the server ended with requests in flight")
        } after: { server, connections, settings in
            for (index, connection) in connections.enumerated() {
                let reply = await connection.response(within: .seconds(15))
                #expect(reply?.status == 201, "request \(index): \(String(describing: reply))")
                #expect(reply?.headers["connection"]?.lowercased() == "close", "request \(index): \(String(describing: reply?.headers))")
            }
            #expect(await server.exited(within: .seconds(15)) == 0, "\(server.output)")
            let stored = try await TestDatabases.withConnection(settings) { connection in
                var count = -1
                for try await value in try await connection.query("SELECT count(*)::int FROM trip_groups", logger: TestCluster.logger)
                    .decode(Int.self) { count = value }
                return count
            }
            #expect(stored == Self.inFlight)
        }
    }

    @Test("control: --shutdown-timeout 0 ends at once and the requests in flight get no answer",
          .timeLimit(.minutes(3)))
    func noDrain() async throws {
        try await Self.sigtermWithRequestsInFlight(arguments: ["--shutdown-timeout", "0"]) { server, _ in
            #expect(await server.exited(within: .seconds(10)) != nil, "the server kept running")
        } after: { _, connections, _ in
            for (index, connection) in connections.enumerated() {
                let reply = await connection.response(within: .seconds(2))
                #expect(reply == nil, "request \(index) was answered: \(String(describing: reply))")
                #expect(connection.isClosed)
            }
        }
    }
}
