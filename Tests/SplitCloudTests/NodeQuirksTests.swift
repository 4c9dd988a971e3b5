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
            let split = try SplitSandbox()
            split.environment = ["SPLIT_SERVER": server.url, "SPLIT_TOKEN": client.token ?? ""]
            try await split.ok("mode", "cloud")
            try await split.ok("trip", "create", "Dates", "--currency", "SGD")
            try await split.ok("member", "add", "Alex", "Bea")
            try await split.ok("add-expense", "New year", "10", "--paid-by", "Alex", "--date", "2025-01-01")
            try await split.ok("add-expense", "Eve", "20", "--paid-by", "Bea", "--date", "2024-12-31")
            try await split.ok("add-expense", "Leap", "30", "--paid-by", "Bea", "--date", "2024-02-29")
            let listed = try await split.ok("expenses", "--json").json.object
            let dates = (listed?["expenses"] as? [[String: Any]] ?? []).map { $0["expenseDate"] as? String }
            #expect(dates == ["2025-01-01", "2024-12-31", "2024-02-29"])
            let since = try await split.ok("expenses", "--since", "2025-01-01", "--json").json.object
            #expect((since?["expenses"] as? [Any])?.count == 1)
            // What the server really sent.
            let trip = try #require(try await client.groups().first)
            let wire = try await RawHTTP.get(server, "/api/groups/\(trip.id.rawValue)/expenses", token: client.token)
            let expected = ["utc": "2024-12-31T00:00:00.000Z", "utc+8": "2024-12-30T16:00:00.000Z",
                            "utc-5": "2024-12-31T05:00:00.000Z", "date": "\"2024-12-31\""][style]!
            #expect(wire.contains(expected), "\(wire)")
        }
    }

    @Test("what the Node server lacks: each command names it, exit 69; bad input is refused before sending")
    func missingExtensions() async throws {
        let quirks = LegacyQuirks()
        try await CloudTestServer.run(quirks: quirks) { server in
            let split = try SplitSandbox()
            try await split.registerAndUseCloud(server.url)
            try await split.ok("trip", "create", "Node", "--currency", "JPY")
            try await split.ok("member", "add", "Alex", "Bea")
            try await split.ok("add-expense", "Dinner", "3000", "--paid-by", "Alex")
            let listed = try await split.ok("expenses", "--json").json.object
            let id = try #require((listed?["expenses"] as? [[String: Any]])?.first?["id"] as? String)
            try await split.fails(69, ["pay", "Bea", "Alex", "1000"], "this server cannot store payments")
            try await split.fails(69, ["expense", "edit", id, "--amount", "4000"], "this server cannot edit expenses")
            try await split.fails(69, ["member", "rename", "Bea", "Bee"], "this server cannot rename members")
            try await split.fails(69, ["member", "remove", "Bea"], "this server cannot remove members")
            try await split.fails(69, ["undo"], "undo works only in local mode")
            try await split.fails(69, ["log"], "the activity log is kept only in local mode")
            try await split.fails(69, ["trip", "rate", "USD", "150"], "exchange rates are kept only in local mode")
            try await split.fails(69, ["trip", "rename", "Node", "Other"], "cannot rename trips")
            let posts = quirks.tally.count(.api)
            try await split.fails(65, ["add-expense", "Cake", "10", "--currency", "EUR", "--paid-by", "Alex"],
                            "does not accept currency EUR; it accepts only JPY, MYR, SGD, USD")
            try await split.fails(65, ["add-expense", "Cake", "10", "--paid-by", "Alex", "--note", "birthday"],
                            "no place for expense notes")
            try await split.fails(65, ["add-expense", "Huge", "10000000000", "--paid-by", "Alex"], "too large")
            try await split.fails(65, ["member", "add", "alex"], "a member named 'alex' already exists")
            // Refused by the client: only the reads that validation needs reached the server.
            #expect(quirks.tally.count(.api) - posts <= 8)
            // Balances without payments still work, and the expense is there once.
            let balances = try await split.ok("balances", "--json").json.object
            #expect((balances?["balances"] as? [Any])?.count == 1)
            let deleted = try await split.ok("expense", "delete", id)
            #expect(deleted.stdout == "Deleted Dinner (JPY 3000).\n")
        }
    }

    @Test("expired and revoked tokens: one line telling how to log in again, exit 77", arguments: [false, true])
    func refusedTokens(nodeLike: Bool) async throws {
        try await CloudTestServer.run(quirks: nodeLike ? LegacyQuirks() : nil) { server in
            let expired = try SplitSandbox()
            try await expired.registerAndUseCloud(server.url)
            _ = try await server.sql("UPDATE auth_tokens SET expires_at = NOW() - interval '1 day'")
            try await expired.fails(77, ["trip", "list"], "log in again with: split login --server \(server.url)")

            let revoked = try SplitSandbox()
            try await revoked.registerAndUseCloud(server.url)
            let credentials = try String(contentsOfFile: revoked.configDirectory + "/credentials.json", encoding: .utf8)
            let token = try #require(credentials.split(separator: "\"").drop { $0 != "token" }.dropFirst(2).first)
            let out = try await revoked.ok("logout")
            #expect(out.stdout == "Logged out of \(server.url); the token is revoked and deleted.\n")
            #expect(!FileManager.default.fileExists(atPath: revoked.configDirectory + "/credentials.json"))
            try await revoked.fails(77, ["trip", "list"], "not logged in to \(server.url)")
            try await revoked.fails(77, ["trip", "list"], "log in again with: split login --server \(server.url)",
                              env: ["SPLIT_TOKEN": String(token)])
        }
    }
}
