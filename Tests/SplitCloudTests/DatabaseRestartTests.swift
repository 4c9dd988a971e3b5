import Foundation
import SplitServerTestSupport
import SplitStore
import SplitTestSupport
import Testing

/// `split` while PostgreSQL restarts behind split-server: the server answers 503 with
/// `Retry-After: 1`, and a linked trip's automatic sync and `split upload` wait it out as it
/// asks, with no error, one line on stderr saying they waited, and nothing stored twice.
///
/// The PostgreSQL cluster is the test's own (``OwnCluster``), stopped and started again while
/// the command runs; the server is a `split-server` process over it.
@Suite("split through a PostgreSQL restart behind split-server")
struct DatabaseRestartTests {
    static let waited = "is unavailable for now"

    /// Stops PostgreSQL, runs `command` while it is away, and starts it again 8 s in: longer
    /// than split-server waits for a connection (5 s), so the command gets a 503 to wait out.
    static func duringRestart(_ cluster: OwnCluster, _ command: () async throws -> SplitResult) async throws -> SplitResult {
        try await cluster.halt("fast")
        let restart = Task {
            try await Task.sleep(for: .seconds(8))
            try await cluster.resume()
        }
        do {
            let run = try await command()
            try await restart.value
            return run
        } catch {
            _ = try? await restart.value
            throw error
        }
    }

    static func waitLines(_ run: SplitResult) -> Int {
        run.stderr.split(separator: "\n").filter { $0.contains(waited) }.count
    }

    static func count(_ cluster: OwnCluster, _ table: String) async throws -> Int {
        try await TestDatabases.withConnection(cluster.settings) { connection in
            var count = -1
            for try await value in try await connection.query(.init(unsafeSQL: "SELECT count(*)::int FROM \(table)"),
                                                              logger: TestDatabases.logger).decode(Int.self) {
                count = value
            }
            return count
        }
    }

    @Test("a linked trip's automatic sync and split upload ride through a restart: no error, one line saying they waited, nothing twice",
          .timeLimit(.minutes(5)))
    func rideThrough() async throws {
        try await OwnCluster.run { cluster in
            try await ServerProcess.run(databaseURL: cluster.url) { server in
                let one = try SplitSandbox()
                try await SyncTests.register(one, server.url, "Ann")
                try await one.ok("trip", "create", "Bergen", "--currency", "NZD", "--cloud")
                try await one.ok("member", "add", "Alex", "Bea")
                try await one.ok("add-expense", "Bread", "12", "--paid-by", "Bea")
                // Long enough a budget for the restart: the automatic sync waits it out.
                one.environment["SPLIT_SYNC_TIMEOUT"] = "60"
                let added = try await Self.duringRestart(cluster) {
                    try await one.ok("add-expense", "Coffee", "45", "--paid-by", "Alex")
                }
                #expect(Self.waitLines(added) == 1, "\(added)")
                #expect(!added.stderr.contains("offline") && !added.stderr.contains("failed"), "\(added)")
                #expect(try await one.ok("status", "--json").json["pending"].int == 0)
                #expect(try await Self.count(cluster, "expenses") == 2)

                // split upload of a local trip, its one from-local request sent while PostgreSQL is away.
                _ = try await UploadFixture.trip(in: try SplitDatabase(path: one.databasePath), expenses: 12)
                try await one.ok("mode", "local")
                try await one.ok("trip", "use", "Tokyo Trip")
                let uploaded = try await Self.duringRestart(cluster) { try await one.ok("upload") }
                #expect(Self.waitLines(uploaded) == 1, "\(uploaded)")
                #expect(uploaded.stdout.contains("verified"), "\(uploaded)")
                #expect(try await Self.count(cluster, "trip_groups") == 2)
                #expect(try await Self.count(cluster, "expenses") == 2 + 12)

                // Another device sees each trip once, with each expense once.
                let two = try SplitSandbox()
                try await SyncTests.loginLike(one, into: two, server: server.url)
                try await two.ok("mode", "cloud")
                try await two.ok("trip", "pull", "Bergen")
                #expect(try await two.ok("expenses", "--json").json["expenses"].count == 2)
                try await two.ok("trip", "pull", "Tokyo Trip")
                #expect(try await two.ok("expenses", "--json").json["expenses"].count == 12)
            }
        }
    }
}
