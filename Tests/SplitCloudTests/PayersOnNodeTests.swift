import Foundation
import SplitCloud
import SplitCore
@testable import SplitServer
import SplitServerQuirks
import SplitTestSupport
import Testing

/// Expenses several members paid, on the Node server (split-server in Node-quirks mode, which
/// knows one payer per expense): upload and sync send one expense per payer, apportioned by
/// `PayerParts`, and every balance stays what it was.
@Suite("Several payers on a Node-like server", .serialized)
struct PayersOnNodeTests {
    @Test("a linked trip: an expense with two payers goes out as two expenses, here too, with the same balances everywhere")
    func sync() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await one.registerAndUseCloud(server.url)
            try await one.ok("trip", "create", "Node", "--currency", "JPY")
            try await one.ok("member", "add", "Alex", "Bea", "Chen")
            let added = try await one.ok("--offline", "add-expense", "Hotel", "10001", "--paid-by", "Alex=6001,Bea=4000")
            #expect(added.stderr.contains("which knows one payer per expense: saved as 2 expenses, one per payer"), "\(added)")
            try await one.ok("--offline", "add-expense", "Tea", "900", "--paid-by", "Chen")
            try await one.ok("--offline", "mark-paid", try await SyncTests.expenseID(one, "Hotel"), "--member", "Chen")
            let before = try await SplitSandbox.nets(one)
            let synced = try await one.ok("sync")
            #expect(synced.status == 0)
            let hotels = try await one.ok("expenses", "--json").json["expenses"].array.filter { $0["description"].string == "Hotel" }
            #expect(hotels.count == 2)
            #expect(Set(hotels.compactMap { $0["paidByName"].string }) == ["Alex", "Bea"])
            #expect(Set(hotels.compactMap { $0["amount"].int }) == [6001, 4000])
            #expect(try await SplitSandbox.nets(one) == before)
            #expect(try await one.ok("status", "--json").json["pending"].int == 0)
            try await SyncTests.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "Node")
            #expect(try await SplitSandbox.nets(two) == before)
            try await SyncTests.converge([one, two])

            // An edit to several payers adds the other payer's part; undo takes it back.
            let tea = try await SyncTests.expenseID(one, "Tea")
            try await one.ok("expense", "edit", tea, "--paid-by", "Chen,Alex")
            let teas = try await one.ok("expenses", "--json").json["expenses"].array.filter { $0["description"].string == "Tea" }
            #expect(Set(teas.compactMap { $0["paidByName"].string }) == ["Alex", "Chen"])
            try await one.ok("undo")
            #expect(try await one.ok("expenses", "--json").json["expenses"].array.filter { $0["description"].string == "Tea" }.count == 1)
            #expect(try await SplitSandbox.nets(one) == before)
            try await SyncTests.converge([one, two])
        }
    }

    @Test("split upload sends one expense per payer, verified; the server lists them as two")
    func upload() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let one = try SplitSandbox()
            try await one.ok("trip", "create", "Osaka", "--currency", "JPY")
            try await one.ok("member", "add", "Alex", "Bea", "Chen")
            try await one.ok("add-expense", "Ryokan", "30001", "--paid-by", "Alex,Bea", "--shares", "Alex=1,Bea=1,Chen=2")
            try await one.ok("add-expense", "Tea", "900", "--paid-by", "Chen")
            try await one.ok("mark-paid", try await SyncTests.expenseID(one, "Ryokan"), "--member", "Chen")
            let before = try await SplitSandbox.nets(one)
            try await SyncTests.register(one, server.url, "Ann")
            let upload = try await one.ok("upload")
            #expect(upload.stdout.contains("verified"), "\(upload)")
            #expect(upload.stdout.contains("1 expense with several payers went to the server as one expense per payer")
                    || upload.stderr.contains("1 expense with several payers went to the server as one expense per payer"), "\(upload)")
            // The trip is linked now, so it shows what the server holds: one expense per payer.
            let parts = try await one.ok("expenses", "--json").json["expenses"].array.filter { $0["description"].string == "Ryokan" }
            #expect(Set(parts.compactMap { $0["paidByName"].string }) == ["Alex", "Bea"])
            #expect(parts.compactMap { $0["amount"].int }.reduce(0, +) == 30001)
            #expect(try await SplitSandbox.nets(one) == before)
            let again = try await one.ok("upload")
            #expect(again.status == 0)
        }
    }
}
