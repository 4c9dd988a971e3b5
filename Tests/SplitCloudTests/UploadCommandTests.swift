import Foundation
import SplitCloud
import SplitCore
@testable import SplitServer
import SplitServerQuirks
import SplitStore
import SplitTestSupport
import Testing

/// `split upload` end to end: the built binary, in local mode, against a real split-server
/// (normal and Node-quirks mode) on loopback.
@Suite("split upload", .serialized)
struct UploadCommandTests {
    /// A sandbox logged in to `server` but in local mode, whose current local trip is the
    /// fixture's Tokyo Trip of `expenses` expenses and 3 payments.
    private func localTrip(_ server: CloudTestServer.Running, expenses: Int) async throws -> SplitSandbox {
        let split = try SplitSandbox()
        _ = try await UploadFixture.trip(in: try SplitDatabase(path: split.databasePath), expenses: expenses)
        try await split.registerAndUseCloud(server.url)
        try await split.ok("mode", "local")
        try await split.ok("trip", "use", "Tokyo Trip")
        return split
    }

    private func count(_ server: CloudTestServer.Running, _ table: String) async throws -> String {
        try await server.sql("SELECT count(*)::text FROM \(table)").first ?? "?"
    }

    @Test("dry run, upload, re-run: the text reports; the trip is then linked, and syncs instead of uploading again")
    func upload() async throws {
        try await CloudTestServer.run { server in
            let split = try await localTrip(server, expenses: 30)
            let dry = try await split.ok("upload", "--dry-run")
            #expect(dry.stdout == "Would upload Tokyo Trip to \(server.url) as a new cloud trip (from-local): "
                    + "5 members, 30 expenses, 3 payments.\nDry run: nothing was sent.\n")
            #expect(try await count(server, "trip_groups") == "0")
            let before = try await split.ok("expenses", "--json").stdout

            let uploaded = try await split.ok("upload")
            let lines = uploaded.stdout.split(separator: "\n").map(String.init)
            let id = try #require(try await server.sql("SELECT id::text FROM trip_groups").first)
            #expect(lines == ["Uploaded Tokyo Trip to \(server.url) (from-local): 5 members, 30 expenses, 3 payments.",
                              "Cloud trip \(id): verified (the server's balances equal the local ones)."])
            #expect(uploaded.stderr.contains("Tokyo Trip is now linked"), "\(uploaded)")

            // Uploaded already: nothing to do, exit 0, like `git push` when all is up to date.
            let again = try await split.ok("upload", "--json").json
            #expect(again["linked"].bool == true && again["group"].string == id && again["pending"].int == 0, "\(again)")
            let status = try await split.ok("status", "--json").json
            #expect(status["group"].string == id && status["pending"].int == 0, "\(status)")
            let local = try await split.ok("balances", "--json").stdout
            let synced = try await split.ok("sync", "--json").json
            #expect(synced["pulled"].int == 0 && synced["pushed"].int == 0, "\(synced)")
            #expect(try await split.ok("balances", "--json").stdout == local)
            // Every expense keeps the creation time it had here: from-local takes it, so the
            // server's echo changes nothing under the person.
            #expect(try await split.ok("expenses", "--json").stdout == before)
            let times = try await server.sql(
                "SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') FROM expenses")
            let shown = try await split.ok("expenses", "--json").json["expenses"].array.compactMap { $0["createdAt"].string }
            #expect(Set(times) == Set(shown) && times.count == 30, "\(times) \(shown)")
        }
    }

    @Test("a trip in PEN, with a KWD expense, uploads to split-server and then syncs: it takes every ISO 4217 code")
    func everyCurrency() async throws {
        try await CloudTestServer.run { server in
            let split = try SplitSandbox()
            try await split.registerAndUseCloud(server.url)
            try await split.ok("mode", "local")
            try await split.ok("trip", "create", "Lima", "--currency", "PEN")
            try await split.ok("member", "add", "Alex", "Bea")
            try await split.ok("add-expense", "Ceviche", "80.10", "--paid-by", "Alex")
            try await split.ok("add-expense", "Hotel", "12.345", "--currency", "KWD", "--paid-by", "Bea")
            try await split.ok("upload")
            try await split.ok("pay", "Bea", "Alex", "40.05")
            let synced = try await split.ok("sync", "--json").json
            #expect(synced["pending"].int == 0 && synced["held"].int == 0, "\(synced)")
            let stored = try await server.sql("SELECT currency || ' ' || amount::text FROM expenses ORDER BY currency")
            #expect(stored == ["KWD 12.345", "PEN 80.10"], "\(stored)")
            let shares = try await server.sql("SELECT amount::text FROM expense_splits").sorted()
            #expect(shares == ["40.05", "40.05", "6.172", "6.173"], "\(shares)")
            let payments = try await server.sql("SELECT currency || ' ' || amount::text FROM settlement_payments")
            #expect(payments == ["PEN 40.05"], "\(payments)")
            #expect(try await server.sql("SELECT currency FROM trip_groups") == ["PEN"])
        }
    }

    @Test("refused before anything is sent: a currency the Node server lacks (65), no local trip (65)")
    func refused() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks(apiLimit: 100_000)) { server in
            let split = try await localTrip(server, expenses: 4)
            try await split.ok("add-expense", "Crêpes", "12.50", "--currency", "EUR", "--paid-by", "Alex")
            try await split.fails(65, ["upload"], "does not accept currency EUR (1 item); it accepts only JPY, MYR, SGD, USD",
                                  "Nothing was uploaded")
            #expect(try await count(server, "trip_groups") == "0")
            try await split.fails(65, ["upload", "--trip", "Nowhere"], "Nowhere")
        }
    }

    @Test("a refused token says to log in again (77); an unreachable server says local data is unchanged (75)")
    func failures() async throws {
        try await CloudTestServer.run { server in
            let split = try await localTrip(server, expenses: 3)
            _ = try await server.sql("UPDATE auth_tokens SET expires_at = NOW() - interval '1 day'")
            try await split.fails(77, ["upload"], "log in again with: split login --server \(server.url)")
            #expect(try await count(server, "trip_groups") == "0")
        }
        let split = try SplitSandbox()
        _ = try await UploadFixture.trip(in: try SplitDatabase(path: split.databasePath), expenses: 3)
        let url = "http://127.0.0.1:\(try CloudTestServer.closedPort())"
        split.environment = ["SPLIT_SERVER": url, "SPLIT_TOKEN": "some-token"]
        try await split.fails(75, ["upload", "--trip", "Tokyo Trip"], "server unreachable at \(url)",
                              "your local data is unchanged", "On the server so far: 0 of 5 members, 0 of 3 expenses",
                              "run split upload again to resume")
    }

    @Test("killed with SIGKILL part-way through a Node-style upload, then run again: nothing twice, nothing missing")
    func killed() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks(apiLimit: 100_000)) { server in
            let split = try await localTrip(server, expenses: 150)
            let process = try split.launch(["upload"])
            while process.isRunning, Int(try await count(server, "expenses")) ?? 0 < 30 {
                try await Task.sleep(for: .milliseconds(5))
            }
            kill(process.processIdentifier, SIGKILL)
            while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
            #expect(process.terminationReason == .uncaughtSignal, "the upload finished before it could be killed")
            let stored = Int(try await count(server, "expenses")) ?? 0
            #expect(stored < 153)

            let resumed = try #require(try await split.ok("upload", "--json").json.object)
            #expect(resumed["verified"] as? Bool == true && resumed["resumed"] as? Bool == true, "\(resumed)")
            #expect(try await count(server, "expenses") == "153", "150 expenses and 3 payments as expenses")
            #expect(try await count(server, "members") == "5")
            #expect(try await count(server, "trip_groups") == "1")
            let created = (resumed["expenses"] as? [String: Any])?["created"] as? Int ?? -1
            #expect(created > 0 && created <= 150 - stored + 3)
        }
    }
}
