import Foundation
import SplitTestSupport
import Testing

/// A linked trip with its server down, then back: a suite of its own, not one of the
/// serialized ``SyncTests``, because it spends most of its time waiting on the automatic
/// sync's budget (five writes of 1.5 s each, and a refused `split sync`). Alone, it waits
/// beside the tests that keep the processor busy instead of after them.
@Suite("a linked trip while its server is down")
struct OfflineSyncTests {
    @Test("offline: with the server down every write succeeds and waits; one sync later sends them all")
    func offline() async throws {
        try await ServerProcess.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await SyncTests.register(one, server.url, "Ann")
            try await one.ok("trip", "create", "Bergen", "--currency", "NZD", "--cloud")
            try await one.ok("member", "add", "Alex", "Bea")
            server.stop()
            // The product's budget: with the server down, each change gives up on it quickly.
            one.environment["SPLIT_SYNC_TIMEOUT"] = "1.5"
            for index in 1...5 {
                let added = try await one.ok("add-expense", "Coffee \(index)", "45", "--paid-by", "Alex")
                #expect(added.stderr.contains("offline: \(index) change\(index == 1 ? "" : "s") wait"), "\(added)")
            }
            #expect(try await one.ok("status", "--json").json["pending"].int == 5)
            #expect(try await one.ok("balances").stderr.isEmpty)
            try await one.fails(75, ["sync"], "unreachable")
            try await server.start()
            let report = try await one.ok("sync", "--json").json
            #expect(report["pushed"].int == 5 && report["pending"].int == 0, "\(report)")
            try await SyncTests.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "Bergen")
            try await SyncTests.converge([one, two])
            #expect(try await two.ok("expenses", "--json").json["expenses"].count == 5)
        }
    }
}
