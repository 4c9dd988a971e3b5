import Foundation
import SplitTestSupport
import Testing

/// Who is the same friend across trips when split-server says so: members claimed by one
/// account are one friend, whatever each trip calls them.
@Suite("friends by account", .serialized)
struct FriendsCloudTests {
    @Test("a friend claimed by one account in two trips, under two names, is one friend matched by account")
    func byAccount() async throws {
        try await CloudTestServer.run { server in
            let ann = try SplitSandbox(), ben = try SplitSandbox()
            _ = try await YouAndPreferencesTests.register(ann, server.url, "Ann")
            _ = try await YouAndPreferencesTests.register(ben, server.url, "Ben")
            for (trip, his) in [("Lisbon", "Ben"), ("Tokyo", "Benjamin")] {
                try await ann.ok("trip", "create", trip, "--currency", "EUR", "--cloud")
                try await ann.ok("member", "add", "Ann", his)
                try await ann.ok("member", "me", "Ann")
                try await ann.ok("add-expense", "Taxi", "20", "--paid-by", "Ann")
                let code = try await ann.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                try await ben.ok("join", code, "--as", his)
            }
            try await ann.ok("sync", "--all")
            let friends = try await ann.json("friends")["friends"].array
            #expect(friends.count == 1, "\(friends)")
            #expect(friends.first?["matchedBy"].string == "account")
            #expect(friends.first?["trips"].array.map { $0["memberName"].string } == ["Ben", "Benjamin"])
            #expect(friends.first?["totals"][0]["amount"].double == 20)
            #expect(try await ben.ok("friends").stdout.hasPrefix("Ann: you owe Ann €20.00\n"))
        }
    }
}
