import Foundation
import SplitServerQuirks
import SplitTestSupport
import Testing

/// `settle --record --in` records currency exchanges, which no server holds yet: a linked trip
/// refuses it with exit 69 before writing anything, on the Node server and on split-server,
/// and a local trip holding exchanges refuses to upload.
@Suite("settle --record --in on servers", .serialized)
struct SettleInOneCloudTests {
    /// A linked trip in yen (a currency the Node server takes) with a dollar expense and the rate.
    static func linkedTrip(_ server: String) async throws -> SplitSandbox {
        let one = try SplitSandbox()
        try await one.registerAndUseCloud(server)
        try await one.ok("trip", "create", "Tokyo", "--currency", "JPY")
        try await one.ok("member", "add", "Ana", "Beto")
        try await one.ok("trip", "rate", "USD", "150")
        try await one.ok("add-expense", "Hotel", "30000", "--paid-by", "Ana")
        try await one.ok("add-expense", "Tour", "100", "--currency", "USD", "--paid-by", "Beto")
        return one
    }

    /// What the trip holds, read offline: the log, payments, exchanges, balances and the changes
    /// waiting to sync. (Not the file's bytes: a linked trip's background sync may checkpoint
    /// the write-ahead log at any time.)
    static func state(_ cli: SplitSandbox) async throws -> [String] {
        var state: [String] = []
        for command in [["log"], ["payments"], ["conversions"], ["balances"], ["status"]] {
            let result = try await cli.run(["--offline"] + command + ["--json"])
            #expect(result.status == 0, "\(result)")
            state.append(result.stdout)
        }
        return state
    }

    @Test("on the Node server: exit 69 with the reason, nothing written; settle --record per currency still works")
    func node() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let one = try await Self.linkedTrip(server.url)
            let before = try await Self.state(one)
            try await one.run("settle", "--record", "--in", "JPY")
                .expectError(69, "settle --record --in records currency exchanges, which the Node server it is linked to",
                             "cannot hold", "split settle --record")
            #expect(try await Self.state(one) == before)
            try await one.ok("settle", "--record")
            #expect(try await SplitSandbox.nets(one).values.allSatisfy { $0.values.allSatisfy { $0 == 0 } })
        }
    }

    @Test("on split-server: exit 69 too, as it has no exchanges yet; nothing written")
    func splitServer() async throws {
        try await CloudTestServer.run { server in
            let one = try await Self.linkedTrip(server.url)
            let before = try await Self.state(one)
            try await one.run("settle", "--record", "--in", "JPY").expectError(69, "currency exchanges", "cannot hold")
            #expect(try await Self.state(one) == before)
        }
    }

    @Test("a local trip holding exchanges is not uploaded (exit 69); after undo it is")
    func upload() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox()
            try await one.ok("trip", "create", "Lima", "--currency", "PEN")
            try await one.ok("member", "add", "Ana", "Beto")
            try await one.ok("trip", "rate", "USD", "3.75")
            try await one.ok("add-expense", "Tour", "100", "--currency", "USD", "--paid-by", "Beto")
            try await one.ok("settle", "--record", "--in", "PEN")
            try await SyncTests.register(one, server.url, "Ann")
            let before = try await Self.state(one)
            try await one.run("upload").expectError(69, "Lima holds currency exchanges", "split undo")
            #expect(try await Self.state(one) == before)
            try await one.ok("undo")
            let uploaded = try await one.ok("upload")
            #expect(uploaded.stdout.contains("verified") || uploaded.stderr.contains("verified"), "\(uploaded)")
        }
    }
}
