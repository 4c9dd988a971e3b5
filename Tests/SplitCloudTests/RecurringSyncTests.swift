import Foundation
import SplitServerQuirks
import SplitTestSupport
import Testing

/// Recurring instances on linked trips: an instance exists at most once per rule and period,
/// whatever happens. Two devices holding the same rule that both catch up offline across a due
/// date end, after both sync in either order, with one instance per period, the same balances
/// and nothing held or in conflict; a deleted instance stays deleted.
@Suite("recurring instances on linked trips", .serialized)
struct RecurringSyncTests {
    static func rents(_ device: SplitSandbox) async throws -> [String] {
        try await device.ok("expenses", "--json").json["expenses"].array
            .filter { $0["description"].string == "Rent" }.compactMap { $0["expenseDate"].string }.sorted()
    }

    static func at(_ instant: String, _ devices: SplitSandbox...) {
        for device in devices { device.environment["SPLIT_NOW"] = instant }
    }

    /// Nothing waits, nothing is held, no conflict is listed.
    static func clean(_ device: SplitSandbox, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let status = try await device.ok("status", "--json").json
        #expect(status["pending"].int == 0 && status["conflicts"].int == 0 && status["held"].int == 0, "\(status)",
                sourceLocation: sourceLocation)
        #expect(try await device.ok("conflicts", "--json").json["conflicts"].count == 0, sourceLocation: sourceLocation)
    }

    /// A second device holding the same trip, rule and link as `one`: its data folder copied
    /// while no command runs (a restored backup), and its credentials.
    static func copy(_ one: SplitSandbox, server: String) throws -> SplitSandbox {
        let two = try SplitSandbox()
        let manager = FileManager.default
        try manager.copyItem(at: one.directory.appendingPathComponent("data"), to: two.directory.appendingPathComponent("data"))
        try manager.createDirectory(atPath: two.configDirectory, withIntermediateDirectories: true)
        for file in try manager.contentsOfDirectory(atPath: one.configDirectory) {
            try manager.copyItem(atPath: one.configDirectory + "/" + file, toPath: two.configDirectory + "/" + file)
        }
        return two
    }

    /// Both devices hold the rent rule (January made and synced), catch up February and March
    /// offline, then sync, `first` first. Then both make April and May offline; `first` syncs,
    /// deletes April, edits May and syncs again before `second` sends its own April and May:
    /// `second` ends with the deletion and the edit, and nothing comes back after another
    /// catch-up and more syncs.
    static func exercise(_ first: SplitSandbox, _ second: SplitSandbox) async throws {
        at("2025-03-05T09:00:00Z", first, second)
        for device in [first, second] {
            let opened = try await device.ok(["balances", "--offline"])
            #expect(opened.stderr.contains("added 2 recurring expenses"), "\(opened)")
            let held = try await Self.rents(device)
            #expect(held == ["2025-01-01", "2025-02-01", "2025-03-01"], "\(held)")
        }
        try await first.ok("sync")
        try await second.ok("sync")
        try await SyncTests.converge([first, second])
        for device in [first, second] {
            let held = try await Self.rents(device)
            #expect(held == ["2025-01-01", "2025-02-01", "2025-03-01"], "\(held)")
            try await clean(device)
        }
        #expect(try await SplitSandbox.nets(first) == SplitSandbox.nets(second))

        // April and May made on both; first deletes April and edits May, and syncs, before
        // second has sent its own: second ends with the deletion and the edit.
        at("2025-05-02T09:00:00Z", first, second)
        for device in [first, second] { try await device.ok(["balances", "--offline"]) }
        try await first.ok("sync")
        let listed = try await first.ok("expenses", "--json").json["expenses"].array
        let april = try #require(listed.first { $0["expenseDate"].string == "2025-04-01" }?["id"].string)
        let may = try #require(listed.first { $0["expenseDate"].string == "2025-05-01" }?["id"].string)
        try await first.ok(["expense", "delete", april, "--offline"])
        try await first.ok(["expense", "edit", may, "--amount", "950", "--offline"])
        try await first.ok("sync")
        try await second.ok("sync")
        try await SyncTests.converge([first, second])
        let months = ["2025-01-01", "2025-02-01", "2025-03-01", "2025-05-01"]
        for device in [first, second] {
            let held = try await Self.rents(device)
            #expect(held == months, "\(held)")
            #expect(try await device.ok("expense", "show", may).stdout.contains("950.00"))
            try await clean(device)
        }
        // Another catch-up on each, and more syncs, bring nothing back.
        at("2025-05-20T09:00:00Z", first, second)
        for device in [first, second] { try await device.ok(["recurring", "run", "--offline"]) }
        try await SyncTests.converge([first, second])
        for device in [first, second] {
            let held = try await Self.rents(device)
            #expect(held == months, "\(held)")
            try await clean(device)
        }
        #expect(try await SplitSandbox.nets(first) == SplitSandbox.nets(second))
    }

    /// One device with the rent rule from 1 January, synced.
    static func flat(_ one: SplitSandbox, cloud: Bool) async throws {
        if cloud {
            try await one.ok("trip", "create", "Flat", "--currency", "EUR", "--cloud")
        } else {
            try await one.ok("trip", "create", "Flat", "--currency", "USD")
        }
        try await one.ok("member", "add", "Alex", "Bea")
        try await one.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Alex",
                         "--from", "2025-01-01")
        try await one.ok("sync")
    }

    @Test("split-server: two devices with one rule, offline across due dates, sync in either order: one instance a period",
          arguments: [false, true])
    func splitServerSameRule(reversed: Bool) async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox()
            try await SyncTests.register(one, server.url, "Ann")
            try await Self.flat(one, cloud: true)
            let two = try Self.copy(one, server: server.url)
            try await Self.exercise(reversed ? two : one, reversed ? one : two)
        }
    }

    /// With `recurring`, split-server holds the rule: a device that joins gets it, both devices
    /// add the same instances offline and end with one a period; a pause and a deletion reach
    /// the other device; a third device that pulls the trip later adds nothing deleted before.
    @Test("split-server: the rule syncs; two devices offline across due dates, sync in either order: one instance a period",
          arguments: [false, true])
    func splitServerRuleSyncs(reversed: Bool) async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await SyncTests.register(one, server.url, "Ann")
            try await SyncTests.register(two, server.url, "Ben")
            try await one.ok("trip", "create", "Flat", "--currency", "EUR", "--cloud")
            try await one.ok("member", "add", "Alex", "Bea")
            let added = try await one.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Alex",
                                         "--from", "2025-01-01")
            #expect(!added.stdout.contains("stays on this device") && !added.stderr.contains("stays on this device"), "\(added)")
            let code = try await one.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try await two.ok("join", code)
            let rules = try await two.ok("recurring", "list", "--json").json["recurring"]
            #expect(rules.count == 1 && rules[0]["nextDue"].string == "2025-02-01", "\(rules)")
            #expect(try await Self.rents(two) == ["2025-01-01"])
            try await Self.exercise(reversed ? two : one, reversed ? one : two)

            // A pause on one device pauses the rule on the other; so does a deletion.
            try await one.ok("recurring", "pause", "Rent")
            try await one.ok("sync")
            try await two.ok("sync")
            #expect(try await two.ok("recurring", "list", "--json").json["recurring"][0]["paused"].bool == true)
            try await two.ok("recurring", "resume", "Rent")
            try await SyncTests.converge([one, two])
            #expect(try await one.ok("recurring", "list", "--json").json["recurring"][0]["paused"].bool == false)

            // A device that pulls the trip now gets the rule and adds nothing deleted before.
            let three = try SplitSandbox()
            Self.at("2025-05-20T09:00:00Z", three)
            try await SyncTests.loginLike(one, into: three, server: server.url)
            try await three.ok("trip", "pull", "Flat")
            let opened = try await three.ok("balances")
            #expect(!opened.stderr.contains("recurring"), "\(opened)")
            #expect(try await Self.rents(three) == ["2025-01-01", "2025-02-01", "2025-03-01", "2025-05-01"])
            try await Self.clean(three)
            #expect(try await SplitSandbox.nets(one) == SplitSandbox.nets(three))

            try await two.ok("recurring", "delete", "Rent")
            try await SyncTests.converge([one, two, three])
            for device in [one, two, three] {
                #expect(try await device.ok("recurring", "list", "--json").json["recurring"].count == 0)
                try await Self.clean(device)
            }
        }
    }

    /// An upload carries expenses, not rules or the category list: the link queues both, so
    /// the first sync takes them to split-server and a device that pulls the trip has them.
    @Test("an uploaded trip's rules and own categories reach split-server with its first sync")
    func upload() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await SyncTests.register(one, server.url, "Ann")
            try await one.ok("trip", "create", "Flat", "--currency", "EUR")
            try await one.ok("member", "add", "Alex", "Bea")
            try await one.ok("category", "add", "Rent")
            try await one.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Alex",
                             "--from", "2025-01-01", "--category", "Rent")
            try await one.ok("upload", "--trip", "Flat")
            try await one.ok("sync")
            try await SyncTests.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "Flat")
            let rules = try await two.ok("recurring", "list", "--json").json["recurring"]
            #expect(rules.count == 1, "\(rules)")
            let rent = try await two.ok("expenses", "--json").json["expenses"].array.first { $0["description"].string == "Rent" }
            #expect(rent?["category"].string == "Rent", "\(rent as Any)")
            for device in [one, two] { try await Self.clean(device) }
            #expect(try await Self.rents(two) == ["2025-01-01"])
        }
    }

    /// The Node server has no client-chosen ids, and the rule stays on the device that made it
    /// (said once, by `recurring add`): only that device adds instances, which sync as plain
    /// expenses. Both devices offline across due dates, then synced in either order: one
    /// instance a period; one deleted on the other device stays deleted after another catch-up.
    @Test("a Node-like server: the rule stays on its device; two devices offline across due dates: one instance a period",
          arguments: [false, true])
    func nodeRuleStays(reversed: Bool) async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await one.registerAndUseCloud(server.url)
            try await one.ok("trip", "create", "Flat", "--currency", "USD")
            try await one.ok("member", "add", "Alex", "Bea")
            let added = try await one.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by",
                                         "Alex", "--from", "2025-01-01")
            #expect(added.stderr.contains("the rule stays on this device") || added.stdout.contains("the rule stays on this device"),
                    "\(added)")
            try await SyncTests.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "Flat")
            #expect(try await two.ok("recurring", "list", "--json").json["recurring"].count == 0)
            Self.at("2025-03-05T09:00:00Z", one, two)
            for device in [one, two] { try await device.ok(["balances", "--offline"]) }
            for device in reversed ? [two, one] : [one, two] { try await device.ok("sync") }
            try await SyncTests.converge([one, two])
            for device in [one, two] {
                let held = try await Self.rents(device)
                #expect(held == ["2025-01-01", "2025-02-01", "2025-03-01"], "\(held)")
                try await Self.clean(device)
            }
            let march = try await two.ok("expenses", "--json").json["expenses"].array
                .first { $0["expenseDate"].string == "2025-03-01" }?["id"].string
            try await two.ok(["expense", "delete", try #require(march)])
            try await two.ok("sync")
            Self.at("2025-04-02T09:00:00Z", one, two)
            try await one.ok(["recurring", "run", "--offline"])
            try await SyncTests.converge(reversed ? [two, one] : [one, two])
            for device in [one, two] {
                let held = try await Self.rents(device)
                #expect(held == ["2025-01-01", "2025-02-01", "2025-04-01"], "\(held)")
                try await Self.clean(device)
            }
            #expect(try await SplitSandbox.nets(one) == SplitSandbox.nets(two))
        }
    }
}
