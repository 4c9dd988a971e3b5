import Foundation
import SplitCloud
import SplitCore
@testable import SplitServer
import SplitServerQuirks
import SplitTestSupport
import Testing

/// A trip's own categories and members who moved out, on a linked trip. split-server stores
/// the categories (feature `categories`); on the Node server an expense in a category of the
/// trip's own travels as Other and the device that gave it keeps the real one. Who moved out
/// stays on the device.
@Suite("Own categories and departures on linked trips", .serialized)
struct CategoriesOnServersTests {
    static func category(_ device: SplitSandbox, _ description: String) async throws -> String? {
        try await device.ok("expenses", "--json").json["expenses"].array
            .first { $0["description"].string == description }?["category"].string
    }

    /// Device one adds a category of its own and an expense in it; both sync; one keeps Rent,
    /// two (and the server) have Other; an edit on two to a category of the six wins on one.
    static func exercise(_ one: SplitSandbox, _ two: SplitSandbox, editor: SplitSandbox? = nil,
                         pull: () async throws -> Void) async throws {
        try await one.ok("category", "add", "Rent")
        try await one.ok("add-expense", "Rent Jan", "900", "--paid-by", "Alex", "--category", "Rent",
                        "--date", "2025-01-01")
        try await one.ok("add-expense", "Lunch", "30", "--paid-by", "Bea", "--category", "Meal", "--date", "2025-01-02")
        try await one.ok("member", "leave", "Chen", "--from", "2025-01-10")
        try await one.ok("sync")
        #expect(try await one.ok("status", "--json").json["pending"].int == 0)
        try await pull()
        #expect(try await category(two, "Rent Jan") == "Other")
        #expect(try await category(two, "Lunch") == "Meal")
        for _ in 0..<2 {
            try await one.ok("sync")
            try await two.ok("sync")
        }
        #expect(try await category(one, "Rent Jan") == "Rent")
        #expect(try await one.ok("status", "--json").json["pending"].int == 0)
        #expect(try await one.ok("conflicts", "--json").json["conflicts"].count == 0)
        // Renaming the category renames the expense here; the server still holds Other.
        let renamed = try await one.ok("category", "rename", "Rent", "Housing")
        #expect(renamed.stdout.contains("in 1 expense"))
        try await one.ok("sync")
        try await two.ok("sync")
        #expect(try await category(one, "Rent Jan") == "Housing")
        #expect(try await category(two, "Rent Jan") == "Other")
        // Another client's category of the six wins over the one kept here (split-server lets
        // only the creator or the owner edit it: there, the owner's account on a second device).
        try await (editor ?? two).ok("expense", "edit", try await SyncTests.expenseID(editor ?? two, "Rent Jan"), "--category", "Hotel")
        try await (editor ?? two).ok("sync")
        try await one.ok("sync")
        #expect(try await category(one, "Rent Jan") == "Hotel")
        // Balances agree; who moved out is this device's.
        #expect(try await SplitSandbox.nets(one) == SplitSandbox.nets(two))
        let members = try await one.ok("member", "list", "--json").json["members"].array
        #expect(members.first { $0["name"].string == "Chen" }?["leftOn"].string == "2025-01-10")
        #expect(try await one.ok("add-expense", "Water", "30", "--paid-by", "Alex").stdout.contains("[Alex 15.00, Bea 15.00]"))
        try await one.ok("sync")
        try await two.ok("sync")
        #expect(try await SplitSandbox.nets(one) == SplitSandbox.nets(two))
    }

    static func names(_ device: SplitSandbox) async throws -> [String] {
        try await device.ok("category", "list", "--json").json["categories"].array.compactMap { $0["name"].string }
    }

    /// With `categories`, split-server holds the trip's list: an expense keeps its category of
    /// the trip's own on every device, and adding, renaming (the expenses too) and removing
    /// reach the other device, with nothing in conflict.
    @Test("split-server: a trip's own categories sync (add, rename, remove) and expenses keep them on every device")
    func splitServer() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await SyncTests.register(one, server.url, "Ann")
            try await SyncTests.register(two, server.url, "Ben")
            try await one.ok("trip", "create", "Flat", "--currency", "EUR", "--cloud")
            try await one.ok("member", "add", "Alex", "Bea")
            try await one.ok("category", "add", "Rent")
            try await one.ok("add-expense", "Rent Jan", "900", "--paid-by", "Alex", "--category", "Rent", "--date", "2025-01-01")
            try await one.ok("sync")
            let code = try await one.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try await two.ok("join", code)
            #expect(try await Self.category(two, "Rent Jan") == "Rent")
            #expect(try await Self.names(two).contains("Rent"))
            try await two.ok("category", "add", "Utilities")
            try await two.ok("add-expense", "Power", "60", "--paid-by", "Bea", "--category", "Utilities", "--date", "2025-01-05")
            try await SyncTests.converge([two, one])
            #expect(try await Self.category(one, "Power") == "Utilities")
            let renamed = try await one.ok("category", "rename", "Rent", "Housing")
            #expect(renamed.stdout.contains("in 1 expense"), "\(renamed)")
            try await SyncTests.converge([one, two])
            #expect(try await Self.category(two, "Rent Jan") == "Housing")
            let afterRename = try await Self.names(two)
            #expect(afterRename.contains("Housing") && !afterRename.contains("Rent"), "\(afterRename)")
            try await two.ok("expense", "delete", try await SyncTests.expenseID(two, "Power"))
            try await two.ok("category", "remove", "Utilities")
            try await SyncTests.converge([one, two])
            let (first, second) = (try await Self.names(one), try await Self.names(two))
            #expect(first == second && !first.contains("Utilities"), "\(first) \(second)")
            for device in [one, two] {
                let status = try await device.ok("status", "--json").json
                #expect(status["pending"].int == 0 && status["conflicts"].int == 0 && status["held"].int == 0, "\(status)")
            }
            #expect(try await SplitSandbox.nets(one) == SplitSandbox.nets(two))
        }
    }

    @Test("a Node-like server keeps its six: the custom category travels as Other, the device keeps it")
    func nodeServer() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await one.registerAndUseCloud(server.url)
            try await one.ok("trip", "create", "Flat", "--currency", "USD")
            try await one.ok("member", "add", "Alex", "Bea", "Chen")
            try await SyncTests.loginLike(one, into: two, server: server.url)
            try await Self.exercise(one, two) { try await two.ok("trip", "pull", "Flat") }
        }
    }
}
