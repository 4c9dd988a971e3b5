import Foundation
import SplitCloud
import SplitCore
@testable import SplitServer
import SplitServerQuirks
import SplitTestSupport
import Testing

/// `split` in cloud mode, end to end: the built binary against a real split-server on
/// loopback, each in its own sandbox (HOME and XDG folders). Cloud mode keeps every trip
/// locally too; new trips are linked to the server and each change syncs as it is made.
@Suite("split in cloud mode", .serialized)
struct CloudModeTests {
    /// The same trip, typed into any sandbox: returns nothing, the sandbox holds the state.
    /// `extensions` adds what needs split-server's extensions: an edit, a member rename and
    /// removal, and a payment.
    private func tokyo(_ split: SplitSandbox, extensions: Bool) async throws {
        try await split.ok("trip", "create", "Tokyo Trip", "--currency", "JPY")
        try await split.ok("member", "add", "Alex", "Bea", "Chen", "Dana")
        try await split.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try await split.ok("add-expense", "Taxi", "3000", "--paid-by", "Bea", "--among", "Bea,Chen", "--category", "Transport")
        try await split.ok("add-expense", "Hotel", "40000", "--paid-by", "Chen", "--exact", "Alex=10000,Bea=10000,Chen=20000",
                     "--category", "Hotel", "--date", "2025-01-18")
        try await split.ok("add-expense", "Museum", "5000", "--paid-by", "Dana", "--shares", "Alex=2,Bea=1,Chen=1,Dana=1")
        try await split.ok("add-expense", "Lunch", "10.50", "--currency", "USD", "--paid-by", "Alex",
                     "--percent", "Alex=50,Bea=25,Chen=25", "--category", "Meal", "--date", "2025-01-19")
        try await split.ok("add-expense", "Snacks", "1000", "--paid-by", "Bea")
        let taxi = try await expenseID(split, "Taxi")
        try await split.ok("mark-paid", String(taxi.prefix(8)), "--member", "Chen")
        try await split.ok("expense", "delete", try await expenseID(split, "Snacks"))
        guard extensions else { return }
        try await split.ok("pay", "Dana", "Alex", "2000")
        try await split.ok("expense", "edit", try await expenseID(split, "Dinner"), "--amount", "13000", "--category", "Meal")
        try await split.ok("member", "add", "Eve")
        try await split.ok("member", "rename", "Eve", "Eva")
        try await split.ok("member", "remove", "Eva")
    }

    private func expenseID(_ split: SplitSandbox, _ description: String) async throws -> String {
        let list = try await split.ok("expenses", "--json").json.object
        let expenses = list?["expenses"] as? [[String: Any]] ?? []
        return try #require(expenses.first { $0["description"] as? String == description }?["id"] as? String)
    }

    @Test("settle, balances, summary and expenses: the same output in cloud and local mode, with payments")
    func sameAsLocal() async throws {
        try await CloudTestServer.run { server in
            let local = try SplitSandbox(), cloud = try SplitSandbox(), other = try SplitSandbox()
            try await cloud.registerAndUseCloud(server.url)
            try await tokyo(local, extensions: true)
            try await tokyo(cloud, extensions: true)
            for command in [["settle"], ["balances"], ["summary"], ["member", "list"]] {
                let mine = try await local.ok(command + ["--json"]), theirs = try await cloud.ok(command + ["--json"])
                #expect(JSONComparison.normalized(mine.stdout) == JSONComparison.normalized(theirs.stdout),
                        "\(command): local \(mine.stdout) cloud \(theirs.stdout)")
            }
            for command in [["settle"], ["balances"], ["summary"]] {
                #expect(try await local.ok(command).stdout == cloud.ok(command).stdout, "\(command)")
            }
            // Same date and creation time locally (SPLIT_NOW) falls back to random ids: compare by description.
            let localExpenses = try await local.ok("expenses", "--json").stdout, cloudExpenses = try await cloud.ok("expenses", "--json").stdout
            #expect(JSONComparison.normalized(localExpenses, sortingBy: "description")
                    == JSONComparison.normalized(cloudExpenses, sortingBy: "description"))
            let dates = (try await cloud.ok("expenses", "--json").json.object)?["expenses"] as? [[String: Any]]
            #expect(dates?.map { $0["expenseDate"] as? String } == ["2025-01-20", "2025-01-20", "2025-01-20", "2025-01-19", "2025-01-18"])
            let settle = try await cloud.ok("settle", "--json").json.object
            let plans = settle?["settlements"] as? [[String: Any]] ?? []
            #expect(plans.map { $0["currency"] as? String } == ["JPY", "USD"])
            let show = try await cloud.ok("expense", "show", try await expenseID(cloud, "Taxi"))
            #expect(show.stdout.contains("Chen") && show.stdout.contains("yes"), "\(show)")
            #expect(try await cloud.ok("expense", "show", try await expenseID(cloud, "Dinner")).stdout.hasPrefix("Dinner: JPY 13000, Meal"))
            // Every change reached the server as it was made: another device of the account pulls the same trip.
            #expect(try await cloud.ok("status", "--json").json["pending"].int == 0)
            try await SyncTests.loginLike(cloud, into: other, server: server.url)
            try await other.ok("trip", "pull", "Tokyo Trip")
            try await SyncTests.converge([cloud, other])
        }
    }

    @Test("log in once, then every command reuses the token: the server sees no other auth request")
    func oneLogin() async throws {
        let quirks = LegacyQuirks()
        try await CloudTestServer.run(quirks: quirks) { server in
            let split = try SplitSandbox()
            let email = "once-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            try await split.ok("register", "--server", server.url, "--email", email, "--name", "Ann", "--password-stdin",
                         stdin: "password-1\n")
            let login = try await split.ok("login", "--server", server.url, "--email", email, "--password-stdin", stdin: "password-1")
            #expect(login.stdout.contains("Logged in to \(server.url) as Ann") && login.stdout.contains("split mode cloud"))
            #expect(quirks.tally.count(.auth) == 2)
            try await split.ok("mode", "cloud")
            try await tokyo(split, extensions: false)
            for command in [["expenses"], ["balances"], ["settle"], ["summary"], ["trip", "list"], ["trip", "use", "tokyo"],
                            ["trip", "show"], ["member", "list"], ["whoami"], ["mode"], ["settle", "--json"]] {
                try await split.ok(command)
            }
            #expect(quirks.tally.count(.auth) == 2, "a command called /auth")
            #expect(quirks.tally.count(.api) > 20)
            let mode = try await split.ok("mode").stdout
            #expect(mode == "cloud (server \(server.url), logged in as Ann (\(email)))\n")
            let list = try await split.ok("trip", "list").stdout
            #expect(list.contains("* ") && list.contains("Tokyo Trip") && list.contains("JPY"), "\(list)")
            var info = stat()
            #expect(stat(split.configDirectory + "/credentials.json", &info) == 0 && info.st_mode & 0o777 == 0o600)
            let saved = try String(contentsOfFile: split.configDirectory + "/credentials.json", encoding: .utf8)
            #expect(saved.contains(server.url) && saved.contains(email))
        }
    }

    @Test("a trip made by another client: trip pull finds it by name, and its currency is inferred from its expenses")
    func otherClientsTrip() async throws {
        try await CloudTestServer.run { server in
            let clock = ManualClock()
            let client = try await CloudTestSupport.account(server, clock: clock)
            let group = try await client.createGroup(name: "Kuala Lumpur")
            let alex = try await client.addMember(group: group.id, name: "Alex")
            let myr = try Currency(code: "MYR")
            _ = try await client.createExpense(Expense(id: ExpenseID("d"), description: "Satay", amount: Money(minorUnits: 2550, currency: myr),
                                                       paidBy: alex.id, date: CivilDate(year: 2025, month: 1, day: 5)!,
                                                       splits: [ExpenseSplit(memberID: alex.id, amount: 2550)]), group: group.id)
            let split = try SplitSandbox()
            split.environment = ["SPLIT_SERVER": server.url, "SPLIT_TOKEN": client.token ?? ""]
            try await split.ok("mode", "cloud")
            let listed = try await split.ok("trip", "list", "--cloud").stdout
            #expect(listed.contains("Kuala Lumpur"), "\(listed)")
            let pulled = try await split.ok("trip", "pull", "kuala")
            #expect(pulled.stdout.hasPrefix("Pulled trip Kuala Lumpur (MYR): 3 items"), "\(pulled)")
            try await split.ok("add-expense", "Teh tarik", "4.20", "--paid-by", "Alex")
            let expenses = try await split.ok("expenses", "--json").json.object
            let amounts = (expenses?["expenses"] as? [[String: Any]] ?? []).map { "\($0["amount"]!) \($0["currency"]!)" }
            #expect(amounts == ["4.2 MYR", "25.5 MYR"])
        }
    }

    @Test("the server unreachable: one line, exit 75, local data unchanged")
    func unreachable() async throws {
        let split = try SplitSandbox()
        try await split.ok("trip", "create", "Local", "--currency", "JPY")
        let url = "http://127.0.0.1:\(try CloudTestServer.closedPort())"
        split.environment = ["SPLIT_SERVER": url, "SPLIT_TOKEN": "some-token"]
        try await split.ok("mode", "cloud")
        try await split.fails(75, ["trip", "list", "--cloud"], "server unreachable at \(url); your local data is unchanged")
        try await split.fails(75, ["trip", "create", "Linked", "--currency", "JPY"], "server unreachable at \(url)")
        // Every trip lives locally: the list works offline, and the failed create left nothing.
        let trips = try await split.ok("trip", "list", "--json").json["trips"].array
        #expect(trips.map { $0["name"].string } == ["Local"])
    }
}
