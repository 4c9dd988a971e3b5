import Foundation
import SplitTestSupport
import Testing

/// An itemized bill on a linked trip: the server gets the shares (neither server stores
/// items yet), the command says so once, and a second device sees the same shares.
@Suite("itemized bills on a linked trip")
struct ItemizedCloudTests {
    @Test("the note on stderr, the shares on the server, the items only on this device")
    func itemsStayHere() async throws {
        try await CloudTestServer.run { server in
            let cloud = try SplitSandbox(), other = try SplitSandbox()
            try await cloud.registerAndUseCloud(server.url)
            try await cloud.ok("trip", "create", "NYC", "--currency", "USD")
            try await cloud.ok("member", "add", "Ana", "Ben", "Cy")
            let added = try await cloud.ok("add-expense", "Dinner", "--paid-by", "Ana", "--item", "Steak=32:Ana",
                                           "--item", "Wine=45", "--tip", "18%")
            #expect(added.stderr.contains("the items stay on this device"), "\(added)")
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
        }
    }
}
