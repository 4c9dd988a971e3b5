import Foundation
import SplitServerQuirks
import SplitTestSupport
import Testing

/// The split as given on a linked trip, end to end through the built binary: split-server keeps
/// it with each expense, so a second device shows how each was split and an edit of the amount
/// there divides it the same way; the Node server keeps only the shares, so the items stay on
/// the device that gave them, which it says once.
@Suite("the split as given on a linked trip")
struct ItemizedCloudTests {
    /// Every way a person gives a split, with what an amount edit to 200 does to it.
    static let modes: [(description: String, arguments: [String], mode: String)] = [
        ("Shares", ["90", "--paid-by", "Ana", "--shares", "Ana=2,Ben=1"], "shares"),
        ("Percent", ["90", "--paid-by", "Ana", "--percent", "Ana=60,Cy=40"], "percent"),
        ("Among", ["90", "--paid-by", "Ana", "--among", "Ana,Ben"], "equal"),
        ("Exact", ["90", "--paid-by", "Ana", "--exact", "Ana=10,Ben=80"], "exact"),
        ("Dinner", ["90.86", "--paid-by", "Ana", "--item", "Steak=32:Ana", "--item", "Wine=45", "--tip", "rest"], "items"),
        ("Payers", ["90", "--paid-by", "Ana,Ben", "--shares", "Ana=1,Cy=2"], "shares"),
    ]

    @Test("split-server: every mode reaches a second device, whose amount edit divides it the same way and comes back")
    func everyModeOnASecondDevice() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await one.registerAndUseCloud(server.url)
            try await one.ok("trip", "create", "NYC", "--currency", "USD")
            try await one.ok("member", "add", "Ana", "Ben", "Cy")
            for mode in Self.modes {
                let added = try await one.ok(["add-expense", mode.description] + mode.arguments)
                #expect(added.stderr.isEmpty, "split-server keeps the items: nothing to say. \(added)")
            }
            try await SyncTests.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "NYC")
            for mode in Self.modes {
                let id = try await SyncTests.expenseID(two, mode.description)
                let theirs = try await two.ok("expense", "show", id, "--json").json["splitGiven"]
                let mine = try await one.ok("expense", "show", id, "--json").json["splitGiven"]
                #expect(theirs["mode"].string == mode.mode, "\(mode.description)")
                #expect(theirs.description == mine.description, "\(mode.description): the second device shows the split as it was given")
            }

            // On the second device: each amount to 200 (the exact split must be given again).
            for mode in Self.modes {
                let id = String(try await SyncTests.expenseID(two, mode.description).prefix(8))
                if mode.mode == "exact" {
                    try await two.run("expense", "edit", id, "--amount", "200")
                        .expectError(64, "the old split was exact amounts; give the new split with --exact")
                } else {
                    try await two.ok("expense", "edit", id, "--amount", "200")
                }
            }
            try await SyncTests.converge([two, one])
            for mode in Self.modes {
                let id = try await SyncTests.expenseID(one, mode.description)
                let shown = try await one.ok("expense", "show", id, "--json").json
                #expect(shown["splitGiven"]["mode"].string == mode.mode, "\(mode.description) keeps its mode")
                #expect(shown["expense"]["amount"].double == (mode.mode == "exact" ? 90 : 200), "\(mode.description)")
                #expect(shown.description == (try await two.ok("expense", "show", id, "--json").json.description), "\(mode.description): both devices agree")
            }
            let shares = { (description: String) async throws -> [Double?] in
                let id = try await SyncTests.expenseID(one, description)
                return try await one.ok("expense", "show", id, "--json").json["expense"]["splits"].array.map { $0["amount"].double }
            }
            #expect(try await shares("Shares") == [133.33, 66.67])
            #expect(try await shares("Percent") == [120, 80])
            #expect(try await shares("Among") == [100, 100])
            // The tip is the rest of the new amount: 200 − 77 of items.
            let dinner = try await one.ok("expense", "show", try await SyncTests.expenseID(one, "Dinner"), "--json").json["splitGiven"]
            #expect(dinner["tip"]["amount"].double == 123)
            // Equal payers are paid again in equal parts.
            let payers = try await one.ok("expense", "show", try await SyncTests.expenseID(one, "Payers"), "--json").json
            #expect(payers["expense"]["payers"].array.map { $0["amount"].double } == [100, 100])
        }
    }

    @Test("the Node server: the note on stderr once, the shares on the server, the items only on this device, kept through another device's change")
    func nodeKeepsOnlyShares() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let cloud = try SplitSandbox(), other = try SplitSandbox()
            try await cloud.registerAndUseCloud(server.url)
            try await cloud.ok("trip", "create", "NYC", "--currency", "USD")
            try await cloud.ok("member", "add", "Ana", "Ben", "Cy")
            let added = try await cloud.ok("add-expense", "Dinner", "--paid-by", "Ana", "--item", "Steak=32:Ana",
                                           "--item", "Wine=45", "--tip", "18%")
            #expect(added.stderr.contains("the Node server keeps only each member's share; the items stay on this device"), "\(added)")
            // A plain expense says nothing.
            #expect(try await cloud.ok("add-expense", "Taxi", "10", "--paid-by", "Ben").stderr.isEmpty)
            #expect(try await cloud.ok("status", "--json").json["pending"].int == 0)

            try await SyncTests.loginLike(cloud, into: other, server: server.url)
            try await other.ok("trip", "pull", "NYC")
            let mine = try await cloud.ok("expenses", "--json").json["expenses"]
            let theirs = try await other.ok("expenses", "--json").json["expenses"]
            let dinner = { (list: JSON) in list.array.first { $0["description"].string == "Dinner" }! }
            #expect(dinner(theirs)["amount"].double == 90.86)
            #expect(dinner(theirs)["splits"].array.map { $0["amount"].double } == dinner(mine)["splits"].array.map { $0["amount"].double })
            let id = String(dinner(theirs)["id"].string!.prefix(8))
            #expect(try await other.ok("expense", "show", id, "--json").json["splitGiven"]["mode"].string == "exact")
            #expect(try await cloud.ok("expense", "show", id, "--json").json["splitGiven"]["mode"].string == "items")

            // The other device marks Ben's share paid back (the Node server cannot edit an
            // expense, only replace it): the shares stay, and so do the items here.
            try await other.ok("mark-paid", id, "--member", "Ben")
            try await SyncTests.converge([other, cloud])
            let shown = try await cloud.ok("expense", "show", id, "--json").json
            #expect(shown["expense"]["splits"].array.first { $0["memberName"].string == "Ben" }?["isPaid"].bool == true)
            #expect(shown["splitGiven"]["mode"].string == "items")
        }
    }

    @Test("split upload: split-server gets each split as given, the Node server the shares while the items stay here")
    func upload() async throws {
        for node in [false, true] {
            try await CloudTestServer.run(quirks: node ? LegacyQuirks() : nil) { server in
                let one = try SplitSandbox(), two = try SplitSandbox()
                try await one.ok("trip", "create", "NYC", "--currency", "USD")
                try await one.ok("member", "add", "Ana", "Ben", "Cy")
                try await one.ok("add-expense", "Dinner", "--paid-by", "Ana", "--item", "Steak=32:Ana", "--item", "Wine=45", "--tip", "18%")
                try await one.ok("add-expense", "Taxi", "30", "--paid-by", "Ben", "--shares", "Ana=1,Ben=2")
                let before = try await SplitSandbox.nets(one)
                try await SyncTests.register(one, server.url, "Ann")
                let upload = try await one.ok("upload")
                #expect(upload.stdout.contains("verified"), "\(upload)")
                #expect(try await SplitSandbox.nets(one) == before)
                try await SyncTests.loginLike(one, into: two, server: server.url)
                try await two.ok("trip", "pull", "NYC")
                #expect(try await SplitSandbox.nets(two) == before)
                for (description, mode) in [("Dinner", "items"), ("Taxi", "shares")] {
                    let here = try await one.ok("expense", "show", try await SyncTests.expenseID(one, description), "--json").json
                    let there = try await two.ok("expense", "show", try await SyncTests.expenseID(two, description), "--json").json
                    #expect(here["splitGiven"]["mode"].string == mode, "node \(node): \(description) keeps its split here")
                    #expect(there["splitGiven"]["mode"].string == (node ? "exact" : mode), "node \(node): \(description) there")
                }
            }
        }
    }
}
