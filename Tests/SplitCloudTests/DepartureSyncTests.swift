import Foundation
import SplitServerQuirks
import SplitTestSupport
import Testing

/// `member leave` on a linked trip: on split-server (feature `departures`) every device learns
/// the day and leaves the member out of its next equal splits; on the Node server the day
/// stays on the device that set it.
@Suite("member departures on servers", .serialized)
struct DepartureSyncTests {
    /// Who shares the expense described `description` on `device`, by member id.
    static func sharers(_ device: SplitSandbox, _ description: String) async throws -> Int {
        let list = try await device.ok("expenses", "--json").json["expenses"].array
        let expense = try #require(list.first { $0["description"].string == description })
        return expense["splits"].array.count
    }

    @Test("A's member leave reaches B, whose next equal split leaves the member out; member return comes back too")
    func splitServer() async throws {
        try await CloudTestServer.run { server in
            let ann = try SplitSandbox(), ben = try SplitSandbox()
            try await SyncTests.register(ann, server.url, "Ann")
            try await SyncTests.register(ben, server.url, "Ben")
            try await ann.ok("trip", "create", "Flat", "--currency", "EUR", "--cloud")
            try await ann.ok("member", "add", "Alex", "Bea", "Chen")
            try await ann.ok("add-expense", "Rent", "900", "--paid-by", "Alex", "--date", "2025-01-01")
            let code = try await ann.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try await ben.ok("join", code)

            try await ann.ok("member", "leave", "Chen", "--from", "2025-01-15")
            #expect(try await ann.ok("status", "--json").json["pending"].int == 0)
            try await ben.ok("sync")
            let members = try await ben.ok("member", "list", "--json").json["members"].array
            #expect(members.first { $0["name"].string == "Chen" }?["leftOn"].string == "2025-01-15", "\(members)")
            try await ben.ok("add-expense", "Groceries", "60", "--paid-by", "Bea")
            #expect(try await Self.sharers(ben, "Groceries") == 2)
            try await SyncTests.converge([ann, ben], views: SyncTests.views)

            try await ben.ok("member", "return", "Chen")
            try await ann.ok("sync")
            #expect(try await ann.ok("member", "list", "--json").json["members"].array
                .first { $0["name"].string == "Chen" }?["leftOn"].isNull == true)
            try await ann.ok("add-expense", "Power", "90", "--paid-by", "Alex")
            #expect(try await Self.sharers(ann, "Power") == 3)
            try await SyncTests.converge([ann, ben], views: SyncTests.views)
        }
    }

    @Test("on a split-server without departures the day stays on the device: nothing waits, the other device never hears of it")
    func olderServer() async throws {
        try await CloudTestServer.run(facade: OlderServer(hiddenFeatures: ["departures"])) { server in
            let (ann, ben) = try await SyncTests.flatOfTwo(server.url, members: ["Alex", "Bea", "Chen"])
            try await ann.ok("member", "leave", "Chen", "--from", "2025-01-15")
            try await ann.ok("sync")
            #expect(try await ann.ok("status", "--json").json["pending"].int == 0)
            try await ben.ok("sync")
            #expect(try await ben.ok("member", "list", "--json").json["members"].array.allSatisfy { $0["leftOn"].isNull })
            // Ann's own day survives her next pull, though the server's members carry none.
            try await ben.ok("member", "rename", "Bea", "Beatrice")
            try await ann.ok("sync")
            let members = try await ann.ok("member", "list", "--json").json["members"].array
            #expect(members.first { $0["name"].string == "Chen" }?["leftOn"].string == "2025-01-15", "\(members)")
            #expect(members.contains { $0["name"].string == "Beatrice" })
        }
    }

    @Test("on the Node server the day stays on the device: nothing waits, nothing is refused")
    func node() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let one = try SplitSandbox()
            try await one.registerAndUseCloud(server.url)
            try await one.ok("trip", "create", "Flat", "--currency", "USD")
            try await one.ok("member", "add", "Alex", "Bea", "Chen")
            try await one.ok("member", "leave", "Chen", "--from", "2025-01-15")
            #expect(try await one.ok("status", "--json").json["pending"].int == 0)
            try await one.ok("add-expense", "Groceries", "60", "--paid-by", "Bea")
            #expect(try await Self.sharers(one, "Groceries") == 2)
        }
    }
}
