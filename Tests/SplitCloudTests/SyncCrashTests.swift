import Foundation
import SplitTestSupport
import Testing

/// `split sync` killed with SIGKILL at many moments, during the push and during the pull:
/// the next run finishes the job, and nothing is duplicated or lost.
@Suite("sync survives kill -9", .serialized)
struct SyncCrashTests {
    /// `count` expenses as `--batch` lines, named `prefix 1`…
    static func batch(_ device: SplitSandbox, _ prefix: String, _ count: Int) async throws {
        let lines = (1...count).map { #"{"description":"\#(prefix) \#($0)","amount":\#(100 + $0),"paidBy":"Alex"}"# }
        let file = try device.write("\(prefix).jsonl", lines.joined(separator: "\n") + "\n")
        try await device.ok("--offline", "add-expense", "--batch", file)
    }

    /// Starts `split sync`, kills it with SIGKILL after `delay` seconds (if still running).
    static func killedSync(_ device: SplitSandbox, after delay: Double) async throws {
        let process = try device.launch(["sync"])
        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    @Test("sync killed at 12 moments while pushing 400 and pulling 300 changes: one more run completes it exactly")
    func killedAtManyPoints() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await SyncTests.register(one, server.url, "Ann")
            try await one.ok("trip", "create", "Crash", "--currency", "EUR", "--cloud")
            try await one.ok("member", "add", "Alex", "Bea")
            try await SyncTests.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "Crash")
            try await Self.batch(two, "Theirs", 300)
            try await two.ok("sync")
            try await Self.batch(one, "Mine", 400)
            // An edit and a delete waiting too, on items the other side created.
            for delay in [0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.45, 0.6, 0.75, 0.85, 0.95] {
                try await Self.killedSync(one, after: delay)
                // Whatever moment it died at, the file is whole and readable.
                let status = try await one.ok("status", "--json").json
                #expect((status["pending"].int ?? -1) >= 0, "\(status)")
            }
            let report = try await one.ok("sync", "--json").json
            #expect(report["pending"].int == 0, "\(report)")
            try await SyncTests.converge([one, two])
            let list = try await one.ok("expenses", "--json").json["expenses"].array
            let names = list.compactMap { $0["description"].string }
            #expect(names.count == 700, "\(names.count) expenses")
            #expect(Set(names).count == 700, "duplicates after kill -9")
            #expect(try await one.ok("conflicts", "--json").json["conflicts"].count == 0)
        }
    }
}
