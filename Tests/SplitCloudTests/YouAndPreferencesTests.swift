import Foundation
import SplitTestSupport
import Testing

/// "You" as an account's claim, and preferences that follow the account, end to end: the
/// built `split` on several devices against a real split-server on loopback.
@Suite("you and your preferences across devices", .serialized)
struct YouAndPreferencesTests {
    /// A new account registered on `device`; returns its login.
    static func register(_ device: SplitSandbox, _ server: String, _ name: String) async throws -> String {
        let email = "\(name.lowercased())-\(UUID().uuidString.prefix(8))@example.com"
        try await device.ok(["register", "--server", server, "--email", email, "--name", name, "--password-stdin"],
                            stdin: "password-1\n")
        return email
    }

    static func login(_ device: SplitSandbox, _ server: String, _ email: String) async throws -> SplitResult {
        try await device.ok(["login", "--server", server, "--email", email, "--password-stdin"], stdin: "password-1\n")
    }

    static func me(_ device: SplitSandbox) async throws -> JSON {
        try await device.ok("member", "me", "--json").json
    }

    @Test("a claim made on one device is the account's: a second device knows it after a sync, and follows a change")
    func claimAcrossDevices() async throws {
        try await CloudTestServer.run { server in
            let laptop = try SplitSandbox(), phone = try SplitSandbox()
            let email = try await Self.register(laptop, server.url, "Ann")
            try await laptop.ok("trip", "create", "Tokyo", "--currency", "JPY", "--cloud")
            try await laptop.ok("member", "add", "Alex", "Bea")
            let claimed = try await laptop.ok("member", "me", "Alex")
            #expect(claimed.stdout.contains("You are Alex in Tokyo, for your account on"), "\(claimed)")
            #expect(try await Self.me(laptop)["source"].string == "account")

            _ = try await Self.login(phone, server.url, email)
            try await phone.ok("trip", "pull", "Tokyo")
            let seen = try await Self.me(phone)
            #expect(seen["memberName"].string == "Alex" && seen["source"].string == "account", "\(seen)")
            #expect(try await phone.ok("status").stdout.contains("you are Alex\n"))
            // Without --paid-by the phone's expense is Alex's.
            try await phone.ok("add-expense", "Tea", "900")
            try await laptop.ok("sync")
            let tea = try await laptop.ok("expenses", "--json").json["expenses"].array.first { $0["description"].string == "Tea" }
            #expect(tea?["paidByName"].string == "Alex")

            // One person per trip: claiming Bea releases Alex, on every device after a sync.
            try await laptop.ok("member", "me", "Bea")
            try await phone.ok("sync")
            #expect(try await Self.me(phone)["memberName"].string == "Bea")
            try await laptop.ok("member", "me", "--clear")
            try await phone.ok("sync")
            #expect(try await Self.me(phone)["me"].isNull)
        }
    }

    @Test("a member another account claimed is refused: member me and join --as, one line, exit 65, nothing changed")
    func claimRefused() async throws {
        try await CloudTestServer.run { server in
            let ann = try SplitSandbox(), ben = try SplitSandbox()
            _ = try await Self.register(ann, server.url, "Ann")
            _ = try await Self.register(ben, server.url, "Ben")
            try await ann.ok("trip", "create", "Tokyo", "--currency", "JPY", "--cloud")
            try await ann.ok("member", "add", "Alex", "Bea")
            try await ann.ok("member", "me", "Alex")
            let code = try await ann.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)

            try await ben.fails(65, ["join", code, "--as", "alex"], "Alex is already claimed by another account", "nothing was joined")
            #expect(try await ben.ok("trip", "list", "--json").json["trips"].count == 0)
            try await ben.fails(65, ["join", code, "--as", "Zed"], "no member named 'Zed'", "nothing was joined")
            let joined = try await ben.ok("join", code, "--as", "Bea")
            #expect(joined.stdout.contains("You are Bea in this trip"), "\(joined)")

            let before = try await Self.me(ben)["me"].string
            #expect(before != nil)
            try await ben.fails(65, ["member", "me", "Alex"], "Alex is already claimed by another account", "nothing changed")
            #expect(try await Self.me(ben)["me"].string == before)
            try await ann.ok("sync")
            #expect(try await Self.me(ann)["memberName"].string == "Alex")
        }
    }

    @Test("a claim made offline waits on this device and goes with the next sync")
    func claimOffline() async throws {
        try await CloudTestServer.run { server in
            let laptop = try SplitSandbox(), phone = try SplitSandbox()
            let email = try await Self.register(laptop, server.url, "Ann")
            try await laptop.ok("trip", "create", "Tokyo", "--currency", "JPY", "--cloud")
            try await laptop.ok("member", "add", "Alex", "Bea")
            let offline = try await laptop.ok("--offline", "member", "me", "Bea")
            #expect(offline.stdout.contains("is sent at the next sync"), "\(offline)")
            #expect(try await Self.me(laptop)["source"].string == "pending")
            try await laptop.ok("sync")
            #expect(try await Self.me(laptop)["source"].string == "account")
            _ = try await Self.login(phone, server.url, email)
            try await phone.ok("trip", "pull", "Tokyo")
            #expect(try await Self.me(phone)["memberName"].string == "Bea")
        }
    }

    @Test("preferences: set online, fetched by a new device at login, the later write wins, and the other device is told")
    func preferencesAcrossDevices() async throws {
        try await CloudTestServer.run { server in
            let laptop = try SplitSandbox(), phone = try SplitSandbox()
            let email = try await Self.register(laptop, server.url, "Ann")
            let set = try await laptop.ok("config", "set", "default.currency", "EUR")
            #expect(set.stdout == "default.currency = EUR\n" && set.stderr.isEmpty, "\(set)")
            #expect(try await laptop.ok("config", "list", "--json").json["settings"].array
                .first { $0["key"].string == "default.currency" }?["waiting"].bool == false)

            _ = try await Self.login(phone, server.url, email)
            #expect(try await phone.ok("config", "get", "default.currency").stdout == "EUR\n")
            try await phone.ok("trip", "create", "Paris", "--cloud")
            #expect(try await phone.ok("trip", "show", "--json").json["trip"]["currency"].string == "EUR")

            // Two devices, one key: the later write wins; the laptop is told at its next sync.
            try await phone.ok("config", "set", "default.currency", "GBP")
            let synced = try await laptop.ok("sync", "--all")
            #expect(synced.stdout.contains("default.currency is now GBP (set on another device)"), "\(synced)")
            #expect(try await laptop.ok("config", "get", "default.currency").stdout == "GBP\n")

            // A display name set here is the account's.
            try await laptop.ok("config", "set", "display.name", "Ann Lee")
            try await phone.ok("sync", "--all")
            #expect(try await phone.ok("config", "get", "display.name").stdout == "Ann Lee\n")
        }
    }

    @Test("a preference set offline is kept, said to wait, and sent at the next sync")
    func preferenceOffline() async throws {
        try await CloudTestServer.run { server in
            let laptop = try SplitSandbox(), phone = try SplitSandbox()
            let email = try await Self.register(laptop, server.url, "Ann")
            try await laptop.ok("trip", "create", "Tokyo", "--currency", "JPY", "--cloud")
            let offline = try await laptop.ok("config", "set", "default.category", "Meal", "--offline")
            #expect(offline.stdout == "default.category = Meal\n")
            #expect(offline.stderr.contains("it is sent to \(server.url) at the next sync"), "\(offline)")
            _ = try await Self.login(phone, server.url, email)
            #expect(try await phone.ok("config", "get", "default.category").stdout == "none\n")
            try await laptop.ok("sync")
            try await phone.ok("sync", "--all")
            #expect(try await phone.ok("config", "get", "default.category").stdout == "Meal\n")
        }
    }

    @Test("split sync on a local current trip syncs the account and the linked trips that wait, says the trip is local, exits 0")
    func syncOnLocalTrip() async throws {
        try await CloudTestServer.run { server in
            let laptop = try SplitSandbox(), phone = try SplitSandbox()
            let email = try await Self.register(laptop, server.url, "Ann")
            _ = try await Self.login(phone, server.url, email)
            try await phone.ok("trip", "create", "Tokyo", "--currency", "JPY", "--cloud")
            try await phone.ok("member", "add", "Alex")
            try await phone.ok("trip", "create", "Quiet", "--currency", "EUR", "--cloud")
            try await phone.ok("add-expense", "Tea", "900", "--paid-by", "Alex", "--trip", "Tokyo", "--offline")
            try await phone.ok("trip", "create", "Home", "--currency", "EUR", "--local")
            try await laptop.ok("config", "set", "default.currency", "CHF")

            let synced = try await phone.ok("sync")
            // Tokyo waited and is sent; Quiet had nothing waiting and is left alone.
            #expect(synced.stdout == """
                Tokyo: pushed 1, pulled 0, conflicts 0
                default.currency is now CHF (set on another device)
                Home is local-only, so it has nothing to sync; your account is synced (link the trip with: split upload).

                """, "\(synced)")
            #expect(try await phone.ok("config", "get", "default.currency").stdout == "CHF\n")
            #expect(try await phone.ok("status", "--trip", "Tokyo", "--json").json["pending"].int == 0)
            let json = try await phone.ok("sync", "--json").json
            #expect(json["localTrip"]["name"].string == "Home" && json["trips"].count == 0, "\(json)")
            try await phone.fails(65, ["sync", "--trip", "Home"], "Home is not linked to a cloud trip; link it with: split upload")

            // Nobody logged in and nothing linked: nothing to sync is still an error.
            let alone = try SplitSandbox()
            try await alone.ok("trip", "create", "Solo", "--currency", "EUR")
            try await alone.fails(65, ["sync"], "Solo is not linked to a cloud trip")
        }
    }

    @Test("a copy older than 24 hours is revalidated by the automatic sync of a change, not before; the clock is the only double")
    func dailyRevalidation() async throws {
        try await CloudTestServer.run { server in
            let laptop = try SplitSandbox(), phone = try SplitSandbox()
            let email = try await Self.register(laptop, server.url, "Ann")
            phone.environment["SPLIT_NOW"] = "2026-11-20T09:00:00Z"
            _ = try await Self.login(phone, server.url, email)
            try await phone.ok("trip", "create", "Tokyo", "--currency", "JPY", "--cloud")
            try await phone.ok("member", "add", "Alex")
            try await laptop.ok("config", "set", "default.currency", "CHF")

            // 23 hours on: a change syncs, but the copy is fresh enough to keep.
            phone.environment["SPLIT_NOW"] = "2026-11-21T08:00:00Z"
            try await phone.ok("add-expense", "Tea", "900", "--paid-by", "Alex")
            #expect(try await phone.ok("config", "get", "default.currency").stdout == "none\n")
            // Reading never asks the server, even with it gone from the address.
            #expect(try await phone.run(["config", "get", "default.currency"], env: ["SPLIT_SERVER": "http://127.0.0.1:9"]).status == 0)

            // 25 hours on: the same kind of command revalidates it in the same run.
            phone.environment["SPLIT_NOW"] = "2026-11-21T10:00:00Z"
            let later = try await phone.ok("add-expense", "Cake", "500", "--paid-by", "Alex")
            #expect(later.stderr.contains("default.currency is now CHF (set on another device)"), "\(later)")
            #expect(try await phone.ok("config", "get", "default.currency").stdout == "CHF\n")
        }
    }
}
