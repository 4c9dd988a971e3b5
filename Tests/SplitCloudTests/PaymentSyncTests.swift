import Foundation
import SplitTestSupport
import Testing

/// Fixing payments on a linked trip: an edit (a new payment under a new id, as servers never
/// update one), a delete, `settle --record` and their undo reach the other device.
@Suite("linked trips sync payment fixes")
struct PaymentSyncTests {
    static let views = SyncTests.views + [["payments", "--json"]]

    @Test("edit, delete, settle --record and undo converge on two devices")
    func fixesConverge() async throws {
        try await CloudTestServer.run { server in
            let ann = try SplitSandbox(), ben = try SplitSandbox()
            try await SyncTests.register(ann, server.url, "Ann")
            try await SyncTests.register(ben, server.url, "Ben")
            try await ann.ok("trip", "create", "Mexico", "--currency", "MXN", "--cloud")
            try await ann.ok("member", "add", "Ana", "Diego", "Bea")
            try await ann.ok("add-expense", "Tacos", "3600", "--paid-by", "Ana")
            let typo = try #require(try await ann.ok("pay", "Diego", "Ana", "99999", "--json").json["payment"]["id"].string)
            let code = try await ann.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try await ben.ok("join", code)

            // Ben fixes the typo offline: the fix is a new payment, the typo is gone.
            let fixed = try await ben.ok("--offline", "payment", "edit", String(typo.prefix(8)), "--amount", "1200", "--json").json
            let fixedID = try #require(fixed["payment"]["id"].string)
            #expect(fixedID != typo)
            try await SyncTests.converge([ann, ben], views: Self.views)
            #expect(try await ann.ok("payments", "--json").json["payments"].array.map { $0["id"].string } == [fixedID])
            #expect(try await ann.ok("balances", "--json").json["balances"][0]["balances"].array
                .first { $0["memberName"].string == "Diego" }?["netBalance"].double == 0)

            // Ann settles up for everyone; Ben undoes it; then Ann deletes the fix.
            let recorded = try await ann.ok("settle", "--record", "--json").json["recorded"].array
            #expect(recorded.count == 1)
            try await SyncTests.converge([ann, ben], views: Self.views)
            #expect(try await ben.ok("settle", "--json").json["settlements"][0]["transfers"].array.isEmpty)
            try await ann.ok("undo")
            try await ann.ok("payment", "delete", String(fixedID.prefix(8)))
            try await SyncTests.converge([ann, ben], views: Self.views)
            #expect(try await ben.ok("payments", "--json").json["payments"].array.isEmpty)
            #expect(try await ben.ok("status", "--json").json["conflicts"].int == 0)
        }
    }
}
