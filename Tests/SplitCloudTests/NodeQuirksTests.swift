import Foundation
import SplitCloud
import SplitCore
@testable import SplitServer
import SplitServerQuirks
import SplitTestSupport
import Testing

/// `split` against split-server in Node-quirks mode: the forms and refusals of the Node
/// budget_splitter_web server.
@Suite("split against a Node-like server", .serialized)
struct NodeQuirksTests {
    @Test("expenseDate in every form the Node server sends reads back as the same calendar date",
          arguments: ["utc", "utc+8", "utc-5", "date"])
    func dates(style: String) async throws {
        let quirks = LegacyQuirks(dateStyle: try #require(LegacyQuirks.dateStyle(parsing: style)))
        try await CloudTestServer.run(quirks: quirks) { server in
            let clock = ManualClock()
            let client = try await CloudTestSupport.account(server, clock: clock)
            let split = try SplitSandbox(), other = try SplitSandbox()
            // A generous budget for the automatic sync: one cut short after its push on a busy
            // machine keeps a local creation time.
            split.environment = ["SPLIT_SERVER": server.url, "SPLIT_TOKEN": client.token ?? ""]
            other.environment = split.environment
            try await split.ok("mode", "cloud")
            try await split.ok("trip", "create", "Dates", "--currency", "SGD")
            try await split.ok("member", "add", "Alex", "Bea")
            try await split.ok("add-expense", "New year", "10", "--paid-by", "Alex", "--date", "2025-01-01")
            try await split.ok("add-expense", "Eve", "20", "--paid-by", "Bea", "--date", "2024-12-31")
            try await split.ok("add-expense", "Leap", "30", "--paid-by", "Bea", "--date", "2024-02-29")
            #expect(try await split.ok("status", "--json").json["pending"].int == 0)
            // A second device reads them back from the server.
            try await other.ok("trip", "pull", "Dates")
            let listed = try await other.ok("expenses", "--json").json["expenses"].array
            #expect(listed.map { $0["expenseDate"].string } == ["2025-01-01", "2024-12-31", "2024-02-29"])
            #expect(try await other.ok("expenses", "--since", "2025-01-01", "--json").json["expenses"].count == 1)
            try await SyncTests.converge([split, other])
            // What the server really sent.
            let trip = try #require(try await client.groups().first)
            let wire = try await RawHTTP.get(server, "/api/groups/\(trip.id.rawValue)/expenses", token: client.token)
            let expected = ["utc": "2024-12-31T00:00:00.000Z", "utc+8": "2024-12-30T16:00:00.000Z",
                            "utc-5": "2024-12-31T05:00:00.000Z", "date": "\"2024-12-31\""][style]!
            #expect(wire.contains(expected), "\(wire)")
        }
    }

    @Test("a trip linked to the Node server: what it cannot hold is refused at once; rates and renames stay here")
    func missingExtensions() async throws {
        let quirks = LegacyQuirks()
        try await CloudTestServer.run(quirks: quirks) { server in
            let split = try SplitSandbox()
            try await split.registerAndUseCloud(server.url)
            try await split.ok("trip", "create", "Node", "--currency", "JPY")
            try await split.ok("member", "add", "Alex", "Bea")
            try await split.ok("add-expense", "Dinner", "3000", "--paid-by", "Alex")
            let id = try await SyncTests.expenseID(split, "Dinner")
            try await split.ok("member", "add", "Cato")
            let before = quirks.tally.count(.api)
            try await split.fails(69, ["member", "rename", "Bea", "Bee"], "Node server, which cannot rename members")
            try await split.fails(69, ["member", "remove", "Cato"], "Node server, which cannot remove members")
            try await split.fails(65, ["add-expense", "Cake", "10", "--currency", "EUR", "--paid-by", "Alex"],
                                  "does not accept currency EUR; it accepts only JPY, MYR, SGD, USD")
            try await split.fails(65, ["add-expense", "Cake", "10", "--paid-by", "Alex", "--note", "birthday"],
                                  "no place for expense notes")
            try await split.fails(65, ["member", "add", "alex"], "a member named 'alex' already exists")
            // Refused before anything was written or sent.
            #expect(quirks.tally.count(.api) == before)
            #expect(try await split.ok("member", "list", "--json").json["members"].count == 3)
            // Kept on this device only, and said so in the README: no request, nothing waits.
            try await split.ok("trip", "rate", "USD", "150")
            try await split.ok("trip", "rename", "Node", "Other")
            #expect(try await split.ok("status", "--json").json["pending"].int == 0)
            // A payment goes up as an expense; an edit as a delete and a create.
            try await split.ok("pay", "Bea", "Alex", "1000")
            try await split.ok("expense", "edit", id, "--amount", "4000")
            try await split.ok("undo")
            try await split.ok("log")
            let status = try await split.ok("status", "--json").json
            #expect(status["pending"].int == 0 && status["conflicts"].int == 0, "\(status)")
            let balances = try await split.ok("balances", "--json").json["balances"]
            #expect(balances.count == 1)
            let deleted = try await split.ok("expense", "delete", try await SyncTests.expenseID(split, "Dinner"))
            #expect(deleted.stdout.hasPrefix("Deleted Dinner (JPY 3000)."), "\(deleted)")
            // Everything above is on the server: a second device pulls the same trip.
            let other = try SplitSandbox()
            try await SyncTests.loginLike(split, into: other, server: server.url)
            try await other.ok("trip", "pull", "Node")
            try await split.ok("sync")
            // (The trip's name and rate stay on the first device: the Node server keeps neither.)
            for view in [["expenses", "--json"], ["member", "list", "--json"], ["log"]].prefix(2) {
                let mine = try await split.ok(view).stdout, theirs = try await other.ok(view).stdout
                #expect(mine.replacingOccurrences(of: "\"name\":\"Other\"", with: "\"name\":\"Node\"") == theirs, "\(view)")
            }
        }
    }

    @Test("a big sync to the Node server waits out its rate limit as told, then sends everything once")
    func rateLimited() async throws {
        // Ten requests in a sliding 6 s: a sync of 24 expenses (one request each on the Node
        // server) meets the limit however slowly a loaded machine sends them (it would take
        // 0.6 s a request to slip under it), where 12 in 2 s did not under a full test run.
        let quirks = LegacyQuirks(apiLimit: 10, apiWindowSeconds: 6)
        try await CloudTestServer.run(quirks: quirks) { server in
            let split = try SplitSandbox(), other = try SplitSandbox()
            try await split.registerAndUseCloud(server.url)
            try await split.ok("trip", "create", "Busy", "--currency", "USD")
            try await split.ok("--offline", "member", "add", "Alex", "Bea")
            let lines = (1...24).map { #"{"description":"Item \#($0)","amount":\#($0),"paidBy":"Alex"}"# }
            let file = try split.write("items.jsonl", lines.joined(separator: "\n") + "\n")
            try await split.ok("--offline", "add-expense", "--batch", file)
            try await split.ok("--offline", "mark-paid", String(try await SyncTests.expenseID(split, "Item 3").prefix(8)),
                               "--member", "Bea")
            let synced = try await split.ok("sync", "--json")
            #expect(synced.json["pending"].int == 0, "\(synced)")
            #expect(synced.stderr.contains("is limiting requests; waiting"), "\(synced)")
            try await SyncTests.loginLike(split, into: other, server: server.url)
            try await other.ok("trip", "pull", "Busy")
            try await SyncTests.converge([split, other])
            #expect(try await other.ok("expenses", "--json").json["expenses"].count == 24)
        }
    }

    @Test("expired and revoked tokens: one line telling how to log in again, exit 77", arguments: [false, true])
    func refusedTokens(nodeLike: Bool) async throws {
        try await CloudTestServer.run(quirks: nodeLike ? LegacyQuirks() : nil) { server in
            let expired = try SplitSandbox()
            try await expired.registerAndUseCloud(server.url)
            try await expired.ok("trip", "create", "Kept", "--currency", "JPY")
            _ = try await server.sql("UPDATE auth_tokens SET expires_at = NOW() - interval '1 day'")
            try await expired.fails(77, ["sync"], "log in again with: split login --server \(server.url)")
            // A change still succeeds locally and waits, saying why it was not sent.
            let added = try await expired.ok("member", "add", "Alex")
            #expect(added.stderr.hasPrefix("sync failed: ") && added.stderr.contains("log in again")
                    && added.stderr.hasSuffix("; 1 change waits for split sync\n"),
                    "\(added)")
            try await expired.fails(77, ["trip", "list", "--cloud"], "log in again with: split login --server \(server.url)")

            let revoked = try SplitSandbox()
            try await revoked.registerAndUseCloud(server.url)
            let credentials = try String(contentsOfFile: revoked.configDirectory + "/credentials.json", encoding: .utf8)
            let token = try #require(credentials.split(separator: "\"").drop { $0 != "token" }.dropFirst(2).first)
            let out = try await revoked.ok("logout")
            #expect(out.stdout == "Logged out of \(server.url); the token is revoked and deleted.\n")
            #expect(!FileManager.default.fileExists(atPath: revoked.configDirectory + "/credentials.json"))
            try await revoked.fails(77, ["trip", "list", "--cloud"], "not logged in to \(server.url)")
            try await revoked.fails(77, ["trip", "list", "--cloud"], "log in again with: split login --server \(server.url)",
                              env: ["SPLIT_TOKEN": String(token)])
        }
    }
}
