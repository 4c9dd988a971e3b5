import Foundation
import SplitServerQuirks
import SplitTestSupport
import Testing

/// `settle --record --in` records currency exchanges: on a trip linked to split-server (feature
/// `conversions`) they sync like payments; the Node server cannot hold them, so a trip linked
/// there refuses the step with exit 69 before writing anything, and a local trip holding
/// exchanges is not uploaded there.
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

    /// Every net of every currency, by currency then member name.
    static func allZero(_ device: SplitSandbox) async throws -> Bool {
        let nets = try await SplitSandbox.nets(device)
        return !nets.isEmpty && nets.values.allSatisfy { $0.values.allSatisfy { $0 == 0 } }
    }

    @Test("on split-server: the step syncs; another device sees every currency at zero and the same conversions; undo removes them there too")
    func splitServer() async throws {
        try await CloudTestServer.run { server in
            let ann = try SplitSandbox(), ben = try SplitSandbox()
            try await SyncTests.register(ann, server.url, "Ann")
            try await SyncTests.register(ben, server.url, "Ben")
            try await ann.ok("trip", "create", "Lima", "--currency", "PEN", "--cloud")
            try await ann.ok("member", "add", "Ana", "Beto", "Caro")
            try await ann.ok("trip", "rate", "USD", "3.75")
            try await ann.ok("trip", "rate", "EUR", "4.1")
            try await ann.ok("add-expense", "Tour", "100", "--currency", "USD", "--paid-by", "Beto")
            try await ann.ok("add-expense", "Train", "45.50", "--currency", "EUR", "--paid-by", "Caro")
            try await ann.ok("add-expense", "Dinner", "120", "--paid-by", "Ana")
            let code = try await ann.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try await ben.ok("join", code)

            let settled = try await ann.ok("settle", "--record", "--in", "PEN")
            #expect(!settled.stderr.contains("waiting"), "\(settled)")
            #expect(try await ann.ok("status", "--json").json["pending"].int == 0)
            try await ben.ok("sync")
            #expect(try await Self.allZero(ben))
            let conversions = try await ann.ok("conversions", "--json").stdout
            #expect(try await ben.ok("conversions", "--json").json["exchanges"].count == 6, "three members in each of two currencies")
            #expect(try await ben.ok("conversions", "--json").stdout == conversions)
            try await SyncTests.converge([ann, ben], views: SyncTests.views + [["conversions", "--json"], ["payments", "--json"]])

            // A second sync brings nothing new and doubles nothing.
            try await ben.ok("sync")
            #expect(try await ben.ok("conversions", "--json").stdout == conversions)

            try await ann.ok("undo")
            #expect(try await ann.ok("status", "--json").json["pending"].int == 0)
            try await ben.ok("sync")
            #expect(try await ben.ok("conversions", "--json").json["exchanges"].count == 0)
            #expect(try await !Self.allZero(ben))
            try await SyncTests.converge([ann, ben], views: SyncTests.views + [["conversions", "--json"], ["payments", "--json"]])
        }
    }

    @Test("on a split-server without conversions: exit 69 naming the server, nothing written; no upload of a trip with exchanges")
    func olderServer() async throws {
        try await CloudTestServer.run(facade: OlderServer(hiddenFeatures: ["conversions"])) { server in
            let ann = try SplitSandbox()
            try await SyncTests.register(ann, server.url, "Ann")
            try await ann.ok("trip", "create", "Tokyo", "--currency", "JPY", "--cloud")
            try await ann.ok("member", "add", "Ana", "Beto")
            try await ann.ok("trip", "rate", "USD", "150")
            try await ann.ok("add-expense", "Tour", "100", "--currency", "USD", "--paid-by", "Beto")
            let before = try await Self.state(ann)
            try await ann.run("settle", "--record", "--in", "JPY")
                .expectError(69, "its server (\(server.url)) cannot hold", "conversions feature", "split settle --record")
            #expect(try await Self.state(ann) == before)

            let local = try await Self.lima()
            try await SyncTests.register(local, server.url, "Ben")
            try await local.run("upload").expectError(69, "Lima holds currency exchanges", "cannot hold")
        }
    }

    /// A local trip with a dollar tour settled in soles.
    static func lima() async throws -> SplitSandbox {
        let one = try SplitSandbox()
        try await one.ok("trip", "create", "Lima", "--currency", "PEN")
        try await one.ok("member", "add", "Ana", "Beto")
        try await one.ok("trip", "rate", "USD", "3.75")
        try await one.ok("add-expense", "Tour", "100", "--currency", "USD", "--paid-by", "Beto")
        try await one.ok("settle", "--record", "--in", "PEN")
        return one
    }

    @Test("a local trip holding exchanges uploads to split-server, exchanges and all; the Node server refuses it (exit 69)")
    func upload() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let one = try await Self.lima()
            try await SyncTests.register(one, server.url, "Ann")
            let before = try await Self.state(one)
            try await one.run("upload").expectError(69, "Lima holds currency exchanges", "cannot hold", "split undo")
            #expect(try await Self.state(one) == before)
        }
        try await CloudTestServer.run { server in
            let one = try await Self.lima(), two = try SplitSandbox()
            try await SyncTests.register(one, server.url, "Ann")
            let uploaded = try await one.ok("upload")
            #expect(uploaded.stdout.contains("verified") || uploaded.stderr.contains("verified"), "\(uploaded)")
            #expect(try await one.ok("status", "--json").json["pending"].int == 0)
            try await SyncTests.register(two, server.url, "Ben")
            let code = try await one.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try await two.ok("join", code)
            #expect(try await Self.allZero(two))
            let listed = try await one.ok("conversions", "--json").stdout
            #expect(try await two.ok("conversions", "--json").stdout == listed)
        }
    }
}
