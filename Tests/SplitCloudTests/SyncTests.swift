import Foundation
import SplitTestSupport
import Testing

/// Offline-first linked trips, end to end: the built `split` on several devices (each its own
/// sandbox: home, database, credentials) against a real split-server on loopback.
@Suite("linked trips sync", .serialized)
struct SyncTests {
    /// The outputs that must be byte-identical on every device once all have synced.
    static let views: [[String]] = [
        ["expenses", "--json"], ["balances", "--json"], ["settle", "--json"], ["member", "list", "--json"],
        ["trip", "rate", "--json"],
    ]

    /// Registers a new account on `server` in `device` (not in cloud mode).
    static func register(_ device: SplitSandbox, _ server: String, _ name: String) async throws {
        let email = "\(name.lowercased())-\(UUID().uuidString.prefix(8))@example.com"
        try await device.ok(["register", "--server", server, "--email", email, "--name", name, "--password-stdin"],
                            stdin: "password-1\n")
    }

    /// Ann and Ben, each with an account on `server`, share a new linked trip "Flat" in EUR of
    /// `members`: Ann made it, Ben joined with her invite.
    static func flatOfTwo(_ server: String, members: [String]) async throws -> (ann: SplitSandbox, ben: SplitSandbox) {
        let ann = try SplitSandbox(), ben = try SplitSandbox()
        try await register(ann, server, "Ann")
        try await register(ben, server, "Ben")
        try await ann.ok("trip", "create", "Flat", "--currency", "EUR", "--cloud")
        try await ann.ok(["member", "add"] + members)
        let code = try await ann.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try await ben.ok("join", code)
        return (ann, ben)
    }

    static func expenseID(_ device: SplitSandbox, _ description: String) async throws -> String {
        let list = try await device.ok("expenses", "--json").json["expenses"].array
        return try #require(list.first { $0["description"].string == description }?["id"].string)
    }

    /// Every device syncs, twice round, then all show the same trip.
    static func converge(_ devices: [SplitSandbox], views: [[String]] = views,
                         sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<2 {
            for device in devices { try await device.ok(["sync"], sourceLocation: sourceLocation) }
        }
        for view in views {
            let first = try await devices[0].ok(view, sourceLocation: sourceLocation).stdout
            for device in devices.dropFirst() {
                let other = try await device.ok(view, sourceLocation: sourceLocation).stdout
                #expect(other == first, "\(view) differs:\n\(first)\n\(other)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("two accounts joined by invite code edit one trip, offline and online, and end with the same trip as a fresh pull")
    func twoAccounts() async throws {
        try await CloudTestServer.run { server in
            let ann = try SplitSandbox(), ben = try SplitSandbox(), later = try SplitSandbox()
            try await Self.register(ann, server.url, "Ann")
            try await Self.register(ben, server.url, "Ben")
            try await ann.ok("trip", "create", "Tokyo", "--currency", "JPY", "--cloud")
            try await ann.ok("member", "add", "Alex", "Bea")
            try await ann.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
            let code = try await ann.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(code.count == 6)
            let joined = try await ben.ok("join", code)
            #expect(joined.stdout.contains("Pulled trip Tokyo"), "\(joined)")
            #expect(try await ben.ok("expenses", "--json").json["expenses"].count == 1)

            // Ben works offline; Ann online. Nothing is lost either way.
            try await ben.ok("--offline", "member", "add", "Chen")
            try await ben.ok("--offline", "add-expense", "Taxi", "3000", "--paid-by", "Bea", "--among", "Bea,Chen")
            try await ben.ok("--offline", "pay", "Bea", "Alex", "1000")
            let status = try await ben.ok("status", "--json").json
            #expect(status["pending"].int == 3, "\(status)")
            try await ann.ok("expense", "edit", try await Self.expenseID(ann, "Dinner"), "--category", "Meal")
            try await ann.ok("trip", "rate", "USD", "150.25")
            try await ann.ok("add-expense", "Lunch", "10.50", "--currency", "USD", "--paid-by", "Alex")

            let report = try await ben.ok("sync", "--json").json
            #expect(report["pushed"].int == 3 && report["conflicts"].int == 0, "\(report)")
            try await Self.converge([ann, ben])

            // A third device pulls what the server holds: the same trip again.
            try await Self.register(later, server.url, "Cat")
            try await later.ok("join", code)
            try await Self.converge([ann, ben, later])
            #expect(try await ann.ok("status", "--json").json["pending"].int == 0)
        }
    }

    @Test("trip delete --everywhere: only the owner may; other devices keep their copy, are told it is gone, and may unlink it")
    func deleteEverywhere() async throws {
        try await CloudTestServer.run { server in
            let ann = try SplitSandbox(), ben = try SplitSandbox()
            try await Self.register(ann, server.url, "Ann")
            try await Self.register(ben, server.url, "Ben")
            try await ann.ok("trip", "create", "Gone", "--currency", "JPY", "--cloud")
            try await ann.ok("member", "add", "Alex")
            let code = try await ann.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try await ben.ok("join", code)
            try await ben.fails(64, ["trip", "delete", "Gone", "--everywhere"], "for everyone", "--yes")
            try await ben.fails(65, ["trip", "delete", "Gone", "--yes", "--everywhere"], "only the trip's owner may delete it")
            #expect(try await ben.ok("trip", "list", "--json").json["trips"].count == 1)
            let deleted = try await ann.ok("trip", "delete", "Gone", "--yes", "--everywhere")
            #expect(deleted.stdout == "Deleted trip Gone here and on the server.\n", "\(deleted)")
            let gone = try await ben.run(["sync"])
            #expect(gone.status != 0 && gone.stderr.contains("gone from the server"), "\(gone)")
            #expect(try await ben.ok("member", "list", "--json").json["members"].count == 1)
            try await ben.fails(64, ["trip", "unlink", "Gone"], "keeps it here", "--yes")
            let unlinked = try await ben.ok("trip", "unlink", "Gone", "--yes")
            #expect(unlinked.stdout == "Unlinked trip Gone; it stays here as a local-only trip.\n")
            try await ben.fails(65, ["sync", "--trip", "Gone"], "Gone is not linked")
            // Typed by hand on the now local current trip, a sync is the account's: it succeeds and says so.
            let local = try await ben.ok("sync")
            #expect(local.stdout.hasSuffix("Gone is local-only, so it has nothing to sync; "
                                           + "your account is synced (link the trip with: split upload).\n"), "\(local)")
            let added = try await ben.ok("member", "add", "Bea")
            #expect(added.stderr.isEmpty, "a local-only trip never syncs: \(added)")
            #expect(try await ben.ok("member", "list", "--json").json["members"].count == 2)
            try await ben.fails(65, ["trip", "unlink", "Gone", "--yes"], "not linked")
        }
    }

    @Test("edits to different fields merge; the same field edited on both sides is one conflict keeping both versions")
    func mergeAndConflict() async throws {
        try await CloudTestServer.run { server in
            let ann = try SplitSandbox(), ben = try SplitSandbox()
            try await Self.register(ann, server.url, "Ann")
            try await Self.register(ben, server.url, "Ben")
            try await ann.ok("trip", "create", "Rome", "--currency", "EUR", "--cloud")
            try await ann.ok("member", "add", "Alex", "Bea", "Chen")
            let code = try await ann.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try await ben.ok("join", code)
            // Ben's own expense: Ann (the owner) and Ben (its creator) may both edit it.
            try await ben.ok("add-expense", "Taxi", "30", "--paid-by", "Bea")
            try await ann.ok("sync")
            let taxi = try await Self.expenseID(ann, "Taxi")

            try await ann.ok("--offline", "expense", "edit", taxi, "--category", "Transport")
            try await ann.ok("--offline", "expense", "edit", taxi, "--amount", "36")
            try await ben.ok("--offline", "expense", "edit", taxi, "--description", "Taxi home")
            try await ben.ok("--offline", "expense", "edit", taxi, "--amount", "33")
            try await ann.ok("sync")
            let benSync = try await ben.ok("sync", "--json").json
            #expect(benSync["conflicts"].int == 1, "\(benSync)")
            try await Self.converge([ann, ben])

            let shown = try await ann.ok("expense", "show", taxi).stdout
            #expect(shown.hasPrefix("Taxi home: EUR 36.00, Transport"), "\(shown)")
            let conflicts = try await ben.ok("conflicts", "--json").json["conflicts"].array
            #expect(conflicts.count == 1)
            #expect(conflicts.first?["field"].string == "amount")
            // Each side's shares with the currency's decimals, as every other listing shows them.
            #expect(conflicts.first?["mine"].string == "EUR 33.00 (Alex 11.00, Bea 11.00, Chen 11.00)", "\(conflicts)")
            #expect(conflicts.first?["theirs"].string == "EUR 36.00 (Alex 12.00, Bea 12.00, Chen 12.00)", "\(conflicts)")
            #expect(try await ann.ok("conflicts", "--json").json["conflicts"].count == 0)

            let id = try #require(conflicts.first?["id"].int)
            try await ben.ok("resolve", String(id), "--mine")
            try await Self.converge([ann, ben])
            #expect(try await ann.ok("expense", "show", taxi).stdout.hasPrefix("Taxi home: EUR 33.00, Transport"))
            #expect(try await ben.ok("conflicts", "--json").json["conflicts"].count == 0)
        }
    }

    @Test("two devices that each added Dana offline end with one Dana, holding both devices' expenses")
    func sameNewMember() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await Self.register(one, server.url, "Ann")
            try await one.ok("trip", "create", "Dana", "--currency", "JPY", "--cloud")
            try await one.ok("member", "add", "Alex")
            try await Self.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "Dana")
            for (device, what) in [(one, "Sushi"), (two, "Ramen")] {
                try await device.ok("--offline", "member", "add", "Dana")
                try await device.ok("--offline", "add-expense", what, "1000", "--paid-by", "Dana")
            }
            try await one.ok("sync")
            let report = try await two.ok("sync", "--json").json
            #expect(report["conflicts"].int == 0 && report["pending"].int == 0, "\(report)")
            try await Self.converge([one, two])
            let members = try await one.ok("member", "list", "--json").json["members"].array
            #expect(members.compactMap { $0["name"].string } == ["Alex", "Dana"])
            let payers = try await two.ok("expenses", "--json").json["expenses"].array.compactMap { $0["paidByName"].string }
            #expect(payers == ["Dana", "Dana"])
        }
    }

    @Test("an edit against a delete is a conflict; the trip shows the server's side and keeps mine")
    func editAgainstDelete() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await Self.register(one, server.url, "Ann")
            try await one.ok("trip", "create", "Oslo", "--currency", "CHF", "--cloud")
            try await one.ok("member", "add", "Alex", "Bea")
            try await one.ok("add-expense", "Boat", "400", "--paid-by", "Alex")
            // The same account on a second device.
            try two.write("note", "")
            try await Self.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "Oslo")
            let boat = try await Self.expenseID(one, "Boat")
            try await one.ok("--offline", "expense", "delete", boat)
            try await two.ok("--offline", "expense", "edit", boat, "--amount", "450")
            try await one.ok("sync")
            let report = try await two.ok("sync", "--json").json
            #expect(report["conflicts"].int == 1, "\(report)")
            #expect(try await two.ok("expenses", "--json").json["expenses"].count == 0)
            let conflict = try #require(try await two.ok("conflicts", "--json").json["conflicts"].array.first)
            #expect(conflict["field"].string == "deleted" && conflict["theirs"].string == nil)
            #expect(conflict["mine"].string?.contains("CHF 450.00") == true, "\(conflict)")
            // Keeping mine brings it back, as a new expense.
            try await two.ok("resolve", String(try #require(conflict["id"].int)), "--mine")
            try await Self.converge([one, two])
            let list = try await one.ok("expenses", "--json").json["expenses"].array
            #expect(list.count == 1 && list.first?["amount"].int == 450, "\(list)")
        }
    }

    /// Copies `source`'s saved login into `target`: the same account on another device.
    static func loginLike(_ source: SplitSandbox, into target: SplitSandbox, server: String) async throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: target.configDirectory, withIntermediateDirectories: true)
        for file in try manager.contentsOfDirectory(atPath: source.configDirectory) {
            let to = target.configDirectory + "/" + file
            try? manager.removeItem(atPath: to)
            try manager.copyItem(atPath: source.configDirectory + "/" + file, toPath: to)
        }
    }

    @Test("undo, notes, rates and a rename on a linked trip reach the other device")
    func everyCommand() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await Self.register(one, server.url, "Ann")
            try await one.ok("trip", "create", "Lima", "--currency", "AUD", "--cloud")
            try await one.ok("member", "add", "Alex", "Bea")
            try await one.ok("add-expense", "Ceviche", "90", "--paid-by", "Alex", "--note", "at the market")
            try await one.ok("add-expense", "Bus", "20", "--paid-by", "Bea")
            try await one.ok("member", "add", "Cato")
            try await Self.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "Lima")
            try await one.ok("trip", "rename", "Lima", "Lima 2025")
            try await one.ok("trip", "rate", "USD", "3.75")
            try await one.ok("member", "rename", "Cato", "Carl")
            try await one.ok("expense", "delete", try await Self.expenseID(one, "Bus"))
            try await one.ok("undo")  // the delete: the bus comes back (under a new id on the server)
            try await one.ok("mark-paid", String(try await Self.expenseID(one, "Ceviche").prefix(8)), "--member", "Bea")
            try await one.ok("undo")
            try await one.ok("member", "remove", "Carl")
            try await Self.converge([one, two])
            let trips = try await two.ok("trip", "list", "--json").json["trips"].array
            #expect(trips.map { $0["name"].string } == ["Lima 2025"])
            let show = try await two.ok("expense", "show", try await Self.expenseID(two, "Ceviche")).stdout
            #expect(show.contains("at the market"), "\(show)")
            #expect(try await two.ok("expenses", "--json").json["expenses"].count == 2)
            #expect(try await two.ok("member", "list", "--json").json["members"].count == 2)
        }
    }

    @Test("split upload links the trip; edits and deletes after it reach the server")
    func uploadThenKeepWorking() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await one.ok("trip", "create", "Kyoto", "--currency", "JPY")
            try await one.ok("member", "add", "Alex", "Bea")
            try await one.ok("add-expense", "Tea", "1200", "--paid-by", "Alex", "--note", "matcha")
            try await one.ok("add-expense", "Temple", "800", "--paid-by", "Bea")
            try await one.ok("pay", "Bea", "Alex", "100")
            try await Self.register(one, server.url, "Ann")
            let upload = try await one.ok("upload")
            #expect(upload.stderr.contains("now linked"), "\(upload)")
            try await one.ok("expense", "edit", try await Self.expenseID(one, "Tea"), "--amount", "1500")
            try await one.ok("expense", "delete", try await Self.expenseID(one, "Temple"))
            try await one.ok("add-expense", "Sweets", "600", "--paid-by", "Bea")
            #expect(try await one.ok("status", "--json").json["pending"].int == 0)
            try await Self.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "Kyoto")
            try await Self.converge([one, two])
            let list = try await two.ok("expenses", "--json").json["expenses"].array
            #expect(Set(list.compactMap { $0["description"].string }) == ["Tea", "Sweets"])
            // Uploaded already: exit 0, like `git push` with everything up to date.
            let again = try await two.ok("upload")
            #expect(again.stdout.contains("is already uploaded and linked to \(server.url); nothing waits to be sent"), "\(again)")
            try await two.ok("--offline", "add-expense", "Cake", "400", "--paid-by", "Alex")
            let waiting = try await two.ok("upload", "--json").json
            #expect(waiting["linked"].bool == true && waiting["pending"].int == 1, "\(waiting)")
            #expect(try await two.ok("upload").stdout.contains("1 change waits for split sync"))
        }
    }

    @Test("the automatic sync: its budget (SPLIT_SYNC_TIMEOUT), SPLIT_OFFLINE, --offline and sync.auto off all leave changes waiting")
    func automaticSyncSwitches() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox()
            try await Self.register(one, server.url, "Ann")
            try await one.ok("trip", "create", "Auto", "--currency", "JPY", "--cloud")
            let budget = try await one.run(["member", "add", "Alex"], env: ["SPLIT_SYNC_TIMEOUT": "0"])
            #expect(budget.status == 0 && budget.stderr == "offline: 1 change waits for split sync\n", "\(budget)")
            let env = try await one.run(["member", "add", "Bea"], env: ["SPLIT_OFFLINE": "1"])
            #expect(env.status == 0 && env.stderr.contains("offline: 2 changes wait"), "\(env)")
            try await one.ok("--offline", "member", "add", "Cato")
            try await one.ok("config", "set", "sync.auto", "off")
            let off = try await one.ok("member", "add", "Dana")
            #expect(off.stderr == "sync.auto is off: 4 changes wait for split sync\n", "\(off)")
            #expect(try await one.ok("status", "--json").json["pending"].int == 4)
            // Reads never touch the network, whatever waits.
            #expect(try await one.ok("balances").stderr.isEmpty)
            try await one.ok("config", "set", "sync.auto", "on")
            let on = try await one.ok("member", "add", "Eve")
            #expect(on.stderr.isEmpty, "\(on)")
            #expect(try await one.ok("status", "--json").json["pending"].int == 0)
        }
    }
}

/// One read and one write per command, counted from SQLite's own statements
/// (`SPLIT_TRACE_SQL`): a linked trip, offline so no automatic sync follows.
@Suite("round trips to the database on a linked trip")
struct LinkedRoundTripTests {
    @Test("add-expense, pay, expense edit, mark-paid and undo each run in at most two transactions")
    func twoTransactions() async throws {
        try await CloudTestServer.run { server in
            let device = try SplitSandbox()
            try await SyncTests.register(device, server.url, "Ann")
            try await device.ok("trip", "create", "Lima", "--currency", "PEN", "--cloud")
            try await device.ok("member", "add", "Ana", "Ben")
            let trace = ["SPLIT_TRACE_SQL": "1"]
            func transactions(_ arguments: [String]) async throws -> Int {
                let result = try await device.run(["--offline"] + arguments, env: trace)
                #expect(result.status == 0, "\(result)")
                #expect(result.stderr.contains("changes wait for split sync") || result.stderr.contains("change waits"),
                        "the change is queued for the linked trip: \(result)")
                return result.stderr.split(separator: "\n").filter { $0.hasPrefix("sql: BEGIN") }.count
            }
            #expect(try await transactions(["add-expense", "Ceviche", "90.50", "--paid-by", "Ana"]) <= 2)
            #expect(try await transactions(["pay", "Ben", "Ana", "10"]) <= 2)
            let id = try await SyncTests.expenseID(device, "Ceviche")
            #expect(try await transactions(["mark-paid", String(id.prefix(8)), "--member", "Ben"]) <= 2)
            #expect(try await transactions(["undo"]) <= 2)
            #expect(try await transactions(["expense", "edit", String(id.prefix(8)), "--amount", "95"]) <= 2)
            #expect(try await transactions(["undo"]) <= 2)
            // What the trace printed is what happened: the edit was undone and everything waits.
            #expect(try await device.ok("expenses", "--json").json["expenses"][0]["amount"].double == 90.5)
            // A settle step in one currency (the server's features come from the cache, offline)
            // and a departure: each one change, within the same budget.
            try await device.ok("--offline", "trip", "rate", "USD", "3.75")
            try await device.ok("--offline", "add-expense", "Tour", "40", "--currency", "USD", "--paid-by", "Ben")
            #expect(try await transactions(["settle", "--record", "--in", "PEN"]) <= 2)
            #expect(try await transactions(["undo"]) <= 2)
            #expect(try await transactions(["member", "leave", "Ben"]) <= 2)
        }
    }
}
