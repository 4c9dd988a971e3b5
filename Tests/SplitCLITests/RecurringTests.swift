import Foundation
import SplitCore
import SplitTestSupport
import Testing

/// Recurring expenses on one device: a rule catches up every due period once when any command
/// opens the trip, undo takes a catch-up back as one change, pause and resume skip the paused
/// periods, and every refusal is one line that leaves the file as it was.
@Suite("recurring expenses")
struct RecurringTests {
    /// A flat of three; the test clock says 2025-01-20.
    static func flat() async throws -> CLI {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Flat", "--currency", "EUR")
        try await cli.ok("member", "add", "Ana", "Beto", "Carla")
        return cli
    }

    static func at(_ cli: CLI, _ instant: String) {
        let now = Timestamp(iso8601: instant)!
        cli.now = { now }
    }

    static func rents(_ cli: CLI) async throws -> [String] {
        try await cli.json("expenses")["expenses"].array.filter { $0["description"].string == "Rent" }.compactMap { $0["expenseDate"].string }.sorted()
    }

    @Test("due periods are added once, when any command opens the trip, and said on stderr")
    func catchUp() async throws {
        let cli = try await Self.flat()
        let added = try await cli.ok("recurring", "add", "Rent", "1500", "--every", "month", "--on", "1", "--paid-by", "Ana",
                                     "--from", "2024-11-01")
        #expect(added.stdout.contains("Added 3 instances already due: 2024-11-01, 2024-12-01, 2025-01-01"))
        #expect(try await Self.rents(cli) == ["2024-11-01", "2024-12-01", "2025-01-01"])
        Self.at(cli, "2025-03-05T09:00:00Z")
        let balances = try await cli.ok("balances")
        #expect(balances.stderr.contains("added 2 recurring expenses that fell due: Rent 2025-02-01, Rent 2025-03-01"))
        #expect(balances.stdout.contains("+5000.00"), "\(balances.stdout)")
        let again = try await cli.ok("balances")
        #expect(!again.stderr.contains("recurring"))
        #expect(try await Self.rents(cli).count == 5)
        let shown = try await cli.ok("expense", "show", try await cli.json("expenses")["expenses"][0]["id"].string!)
        #expect(shown.stdout.contains("Recurring: Rent (") && shown.stdout.contains("period 2025-03"), "\(shown.stdout)")
        let list = try await cli.json("recurring", "list")
        #expect(list["recurring"][0]["nextDue"].string == "2025-04-01")
    }

    @Test("undo takes a catch-up back as one change, and those periods are not added again")
    func undoCatchUp() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Rent", "1500", "--every", "month", "--on", "1", "--paid-by", "Ana",
                         "--from", "2025-01-01")
        Self.at(cli, "2025-03-05T09:00:00Z")
        try await cli.ok("recurring", "run")
        #expect(try await Self.rents(cli) == ["2025-01-01", "2025-02-01", "2025-03-01"])
        try await cli.ok("undo")
        #expect(try await Self.rents(cli) == ["2025-01-01"])
        #expect(try await cli.ok("recurring", "run").stdout.contains("Nothing due."))
        #expect(try await Self.rents(cli) == ["2025-01-01"])
        Self.at(cli, "2025-04-01T09:00:00Z")
        try await cli.ok("recurring", "run")
        #expect(try await Self.rents(cli) == ["2025-01-01", "2025-04-01"])
    }

    @Test("undo of a catch-up of more instances than one statement takes (12 years of Mondays) removes them all, as one change")
    func undoLargeCatchUp() async throws {
        let cli = try await Self.flat()
        Self.at(cli, "2013-01-07T09:00:00Z")
        try await cli.ok("recurring", "add", "Gym", "25", "--every", "week", "--on", "monday", "--paid-by", "Beto",
                         "--from", "2013-01-07")
        let before = try await cli.snapshot()
        Self.at(cli, "2025-01-20T09:00:00Z")
        try await cli.ok("recurring", "run")
        let gyms = try await cli.json("expenses")["expenses"].array.filter { $0["description"].string == "Gym" }
        #expect(gyms.count == 629, "\(gyms.count)")
        let undone = try await cli.ok("undo")
        #expect(undone.stdout.contains("628"), "\(undone.stdout)")
        #expect(try await cli.snapshot() == before)
        #expect(try await cli.ok("recurring", "run").stdout.contains("Nothing due."))
    }

    @Test("many instances get one short line on stderr; recurring run reports what opening the trip added")
    func manyAndRun() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Gym", "25", "--every", "week", "--on", "monday", "--paid-by", "Beto",
                         "--from", "2025-01-06")
        Self.at(cli, "2025-03-05T09:00:00Z")
        let balances = try await cli.ok("balances")
        // Mondays from 2025-01-27 to 2025-03-03: six, past the five a line lists one by one.
        #expect(balances.stderr.contains("added 6 recurring expenses that fell due, dated 2025-01-27 to 2025-03-03"),
                "\(balances.stderr)")
        Self.at(cli, "2025-03-20T09:00:00Z")
        let run = try await cli.ok("recurring", "run")
        #expect(run.stdout == "Added Gym €25.00 on 2025-03-10.\nAdded Gym €25.00 on 2025-03-17.\n", "\(run.stdout)")
        #expect(!run.stderr.contains("recurring"), "\(run.stderr)")
    }

    @Test("a paused rule adds nothing; resumed, it skips what fell while paused")
    func pauseResume() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Gym", "25", "--every", "week", "--on", "monday", "--paid-by", "Beto",
                         "--among", "Beto", "--from", "2025-01-13")
        try await cli.ok("recurring", "pause", "gym")
        try await cli.run("recurring", "pause", "Gym").expectError(65, "already paused")
        Self.at(cli, "2025-02-05T09:00:00Z")
        #expect(try await cli.ok("recurring", "run").stdout.contains("Nothing due."))
        try await cli.ok("recurring", "resume", "Gym")
        Self.at(cli, "2025-02-12T09:00:00Z")
        try await cli.ok("recurring", "run")
        let gyms = try await cli.json("expenses")["expenses"].array.filter { $0["description"].string == "Gym" }.compactMap { $0["expenseDate"].string }
        #expect(gyms.sorted() == ["2025-01-13", "2025-01-20", "2025-02-10"])
    }

    @Test("no split given: each instance is shared by the members present on its date; a split given stays")
    func whoShares() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Ana",
                         "--from", "2025-01-01")
        try await cli.ok("recurring", "add", "Netflix", "15", "--every", "month", "--on", "5", "--paid-by", "Beto",
                         "--among", "Beto,Carla", "--from", "2025-01-01")
        try await cli.ok("member", "add", "Dana")
        try await cli.ok("member", "leave", "Carla", "--from", "2025-02-01")
        Self.at(cli, "2025-02-10T09:00:00Z")
        try await cli.ok("recurring", "run")
        let expenses = try await cli.json("expenses")["expenses"].array
        func sharers(_ description: String, _ date: String) -> [String] {
            expenses.first { $0["description"].string == description && $0["expenseDate"].string == date }?["splits"].array
                .compactMap { $0["memberName"].string }.sorted() ?? []
        }
        #expect(sharers("Rent", "2025-01-01") == ["Ana", "Beto", "Carla"])
        // Dana joined; Carla moved out on the 1st, so she shares no rent from February on.
        #expect(sharers("Rent", "2025-02-01") == ["Ana", "Beto", "Dana"])
        #expect(sharers("Netflix", "2025-02-05") == ["Beto", "Carla"])
    }

    @Test("every refusal is one line and leaves the file byte for byte as it was", arguments: [
        (["--every", "fortnight"], Int32(65), "week, 2weeks, month, quarter or year"),
        (["--every", "month", "--on", "32"], 65, "1 to 31"),
        (["--every", "month", "--from", "2025-01-10", "--until", "2025-01-01"], 65, "before the rule's first day"),
        (["--every", "month", "--times", "0"], 65, "1 or more"),
        (["--every", "month", "--times", "2", "--until", "2025-06-01"], 64, "give one of them"),
        (["--every", "month", "--date", "2025-01-01"], 64, "leave out --date"),
        (["--every", "month", "--paid-by", "Zed"], 65, "Zed"),
        (["--every", "week", "--on", "someday"], 65, "a weekday"),
    ] as [([String], Int32, String)])
    func refusals(options: [String], code: Int32, phrase: String) async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Rent", "900", "--every", "month", "--paid-by", "Ana")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        try await cli.run(["recurring", "add", "Internet", "40"] + options).expectError(code, phrase)
        try await cli.run("recurring", "delete", "Nothing").expectError(65, "no recurring expense 'Nothing'", "Rent")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
    }

    @Test("a trip whose rules have nothing due is not written by a command that reads it")
    func nothingDueWritesNothing() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Ana", "--from", "2025-01-01")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        try await cli.ok("balances")
        try await cli.ok("expenses")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
    }

    /// Each Rent instance's date and amount, oldest first.
    static func rentAmounts(_ cli: CLI) async throws -> [String] {
        try await cli.json("expenses")["expenses"].array.filter { $0["description"].string == "Rent" }
            .map { "\($0["expenseDate"].string ?? "?") \($0["amount"].int ?? -1)" }.sorted()
    }

    @Test("recurring show gives the rule, its schedule in words, the next date, the instances and the split")
    func show() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Rent", "1500", "--every", "month", "--on", "31", "--paid-by", "Ana",
                         "--from", "2024-11-01", "--times", "12", "--note", "flat 3")
        let shown = try await cli.ok("recurring", "show", "rent")
        #expect(shown.stdout.contains("every month on the last day of the month from 2024-11-01, 12 times in all"), "\(shown.stdout)")
        #expect(shown.stdout.contains("Paid by Ana\nSplit: equal among everyone present on each date\nCategory: Other\nNote: flat 3\n"
                                      + "Next: 2025-01-31\nInstances: 2\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("2024-12-31  2024-12") && shown.stdout.contains("2024-11-30  2024-11"), "\(shown.stdout)")
        let json = try await cli.json("recurring", "show", "Rent")
        #expect(json.keys == ["trip", "rule", "schedule", "split", "note", "instances", "deletedInstances", "latest"])
        #expect(json["rule"]["nextDue"].string == "2025-01-31" && json["instances"].int == 2)
        #expect(json["split"]["mode"].string == "present")
        #expect(json["latest"].array.compactMap { $0["expenseDate"].string } == ["2024-12-31", "2024-11-30"])
        #expect(json["latest"][0]["period"].string == "2024-12")
        try await cli.ok("recurring", "add", "Netflix", "15", "--every", "week", "--paid-by", "Beto", "--among", "Beto,Carla")
        try await cli.ok("recurring", "pause", "Netflix")
        let netflix = try await cli.ok("recurring", "show", "netflix")
        #expect(netflix.stdout.contains("every week on monday from 2025-01-20"), "\(netflix.stdout)")
        #expect(netflix.stdout.contains("Split: equal among Beto, Carla") && netflix.stdout.contains("Paused; resume with"),
                "\(netflix.stdout)")
    }

    @Test("expenses marks each instance: ↻ and its period in the table, recurringRule and period in --json")
    func expensesMarkInstances() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Ana", "--from", "2025-01-01")
        try await cli.ok("add-expense", "Dinner", "30", "--paid-by", "Beto")
        let table = try await cli.ok("expenses")
        #expect(table.stdout.contains("Rent ↻ 2025-01"), "\(table.stdout)")
        #expect(!table.stdout.contains("Dinner ↻"))
        let rule = try await cli.json("recurring", "list")["recurring"][0]["id"].string
        // A pipe streams the listing; a terminal builds it whole: both mark instances alike.
        for json in [try await cli.json("expenses"), try await cli.run(["expenses", "--json"], terminal: true).json] {
            let expenses = json["expenses"].array
            let rent = expenses.first { $0["description"].string == "Rent" }
            let dinner = expenses.first { $0["description"].string == "Dinner" }
            #expect(rent?["recurringRule"].string == rule && rent?["period"].string == "2025-01", "\(json)")
            #expect(rent?["expenseDate"].string == "2025-01-01" && rent?["splits"][0]["memberName"].string == "Ana")
            #expect(dinner.map { !$0.keys.contains("recurringRule") && !$0.keys.contains("period") } == true)
        }
    }

    @Test("edit without --from: instances still to come follow it, those added stay; undo puts the rule back")
    func editAhead() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Ana", "--from", "2024-12-01")
        let edit = try await cli.ok("recurring", "edit", "Rent", "--amount", "960", "--paid-by", "Beto")
        #expect(edit.stdout.contains("Updated recurring Rent (") && edit.stdout.contains("€960.00") && edit.stdout.contains("paid by Beto"),
                "\(edit.stdout)")
        #expect(edit.stdout.contains("stay as they were"))
        Self.at(cli, "2025-02-10T09:00:00Z")
        try await cli.ok("recurring", "run")
        #expect(try await Self.rentAmounts(cli) == ["2024-12-01 900", "2025-01-01 900", "2025-02-01 960"])
        try await cli.ok("undo")   // the catch-up
        try await cli.ok("undo")   // the edit
        #expect(try await cli.json("recurring", "list")["recurring"][0]["amount"].int == 900)
        #expect(try await cli.json("recurring", "list")["recurring"][0]["paidBy"].string == "Ana")
        // February was considered already: undo of the catch-up keeps it from coming back.
        #expect(try await cli.ok("recurring", "run").stdout == "Nothing due.\n")
        Self.at(cli, "2025-03-02T09:00:00Z")
        try await cli.ok("recurring", "run")
        #expect(try await Self.rentAmounts(cli) == ["2024-12-01 900", "2025-01-01 900", "2025-03-01 900"])
    }

    @Test("edit --from changes the instances from that date on, keeps those edited by hand, never earlier ones; undo takes it all back")
    func editFrom() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Ana", "--from", "2024-10-01")
        let instances = try await cli.json("expenses")["expenses"].array
        let december = try #require(instances.first { $0["expenseDate"].string == "2024-12-01" }?["id"].string)
        try await cli.ok("expense", "edit", String(december.prefix(8)), "--amount", "850")
        let january = try #require(instances.first { $0["expenseDate"].string == "2025-01-01" }?["id"].string)
        try await cli.ok("mark-paid", String(january.prefix(8)), "--member", "Beto")
        let edit = try await cli.ok("recurring", "edit", "Rent", "--amount", "960", "--from", "2024-11-01")
        #expect(edit.stdout.contains("Changed 2 instances dated 2024-11-01 or later: 2024-11-01, 2025-01-01."), "\(edit.stdout)")
        #expect(edit.stdout.contains("Kept 1 edited by hand since it was added: 2024-12-01 ("), "\(edit.stdout)")
        #expect(try await Self.rentAmounts(cli) == ["2024-10-01 900", "2024-11-01 960", "2024-12-01 850", "2025-01-01 960"])
        let shown = try await cli.json("expense", "show", String(january.prefix(8)))
        #expect(shown["expense"]["id"].string == january)
        #expect(shown["expense"]["splits"].array.first { $0["memberName"].string == "Beto" }?["isPaid"].bool == true)
        #expect(try await cli.ok("log").stdout.contains("edited recurring 'Rent' from 2024-11-01: 2 instances changed, 1 edited by hand kept"))
        try await cli.ok("undo")
        #expect(try await Self.rentAmounts(cli) == ["2024-10-01 900", "2024-11-01 900", "2024-12-01 850", "2025-01-01 900"])
        #expect(try await cli.json("recurring", "list")["recurring"][0]["amount"].int == 900)
        let json = try await cli.json("recurring", "edit", "Rent", "--note", "with heating", "--from", "2025-01-01")
        #expect(json.keys == ["trip", "rule", "changed", "kept"])
        #expect(json["changed"].array.compactMap { $0["note"].string } == ["with heating"] && json["kept"].array.isEmpty)
    }

    @Test("a new day keeps one instance per period: the slot already filled moves with --from, and is not added again")
    func editDay() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Ana", "--from", "2025-01-01")
        try await cli.ok("recurring", "add", "Water", "30", "--every", "month", "--on", "1", "--paid-by", "Ana", "--from", "2025-01-01")
        let rentID = try await cli.json("expenses")["expenses"].array.first { $0["description"].string == "Rent" }?["id"].string
        // Rent moves to the 15th from January: January's instance moves; no second one for January.
        try await cli.ok("recurring", "edit", "Rent", "--on", "15", "--from", "2025-01-01")
        // Water moves to the 10th for what is still to come: January's stays on the 1st.
        try await cli.ok("recurring", "edit", "Water", "--on", "10")
        #expect(try await cli.json("recurring", "show", "Water")["rule"]["nextDue"].string == "2025-02-10")
        Self.at(cli, "2025-02-20T09:00:00Z")
        try await cli.ok("recurring", "run")
        let expenses = try await cli.json("expenses")["expenses"].array
        func dates(_ name: String) -> [String] {
            expenses.filter { $0["description"].string == name }.compactMap { $0["expenseDate"].string }.sorted()
        }
        #expect(dates("Rent") == ["2025-01-15", "2025-02-15"])
        #expect(dates("Water") == ["2025-01-01", "2025-02-10"])
        #expect(expenses.first { $0["expenseDate"].string == "2025-01-15" }?["id"].string == rentID)
        // Monthly to weekly: the weeks February's bill covered are not added.
        try await cli.ok("recurring", "edit", "Water", "--every", "week", "--on", "monday")
        #expect(try await cli.json("recurring", "show", "Water")["rule"]["nextDue"].string == "2025-03-03")
    }

    @Test("every refusal of recurring show and edit is one line and leaves the file byte for byte as it was", arguments: [
        (["edit", "Nothing", "--amount", "5"], Int32(65), "no recurring expense 'Nothing'"),
        (["edit", "Rent"], 64, "nothing to change"),
        (["edit", "Rent", "--amount", "900"], 65, "nothing to change"),
        (["edit", "Rent", "--every", "fortnight"], 65, "week, 2weeks, month, quarter or year"),
        (["edit", "Rent", "--on", "32"], 65, "1 to 31"),
        (["edit", "Rent", "--until", "2024-01-01"], 65, "before the rule's first day"),
        (["edit", "Rent", "--times", "0"], 65, "1 or more"),
        (["edit", "Rent", "--times", "2", "--until", "2025-06-01"], 64, "give one of them"),
        (["edit", "Rent", "--amount", "950", "--from", "someday"], 65, "someday"),
        (["edit", "Rent", "--amount", "950", "--from", "2025-03-01"], 65, "after 2025-02-01, the next instance"),
        (["edit", "Rent", "--date", "2025-01-01"], 64, "leave out --date"),
        (["edit", "Rent", "--paid-by", "Zed"], 65, "Zed"),
        (["edit", "Rent", "--category", "Rent"], 65, "unknown category 'Rent'"),
        (["edit", "Rent", "--currency", "USD"], 65, "give the amount again"),
        (["show", "Nothing"], 65, "no recurring expense 'Nothing'"),
    ] as [([String], Int32, String)])
    func editRefusals(options: [String], code: Int32, phrase: String) async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Ana", "--from", "2025-01-01")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        try await cli.run(["recurring"] + options).expectError(code, phrase)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
    }

    @Test("two rules of one name are told apart by id, in show and edit alike")
    func ambiguous() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Gym", "25", "--every", "week", "--paid-by", "Beto")
        try await cli.ok("recurring", "add", "Gym", "30", "--every", "week", "--paid-by", "Carla")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        try await cli.run("recurring", "edit", "gym", "--amount", "40").expectError(65, "2 recurring expenses are called 'gym'")
        try await cli.run("recurring", "show", "Gym").expectError(65, "give one's id")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
        let id = try #require(try await cli.json("recurring", "list")["recurring"].array.last?["id"].string)
        try await cli.ok("recurring", "edit", String(id.prefix(8)), "--amount", "40")
        #expect(try await cli.json("recurring", "show", String(id.prefix(8)))["rule"]["amount"].int == 40)
    }

    @Test("a category rename reaches the rules; a category a live rule uses is not removed")
    func categories() async throws {
        let cli = try await Self.flat()
        try await cli.ok("category", "add", "Rent")
        try await cli.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Ana", "--category", "rent",
                         "--from", "2025-02-01")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        try await cli.run("category", "remove", "Rent").expectError(65, "category 'Rent' is used by recurring 'Rent'",
                                                                     "split recurring edit Rent --category NAME")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
        try await cli.ok("category", "rename", "Rent", "Housing")
        #expect(try await cli.json("recurring", "show", "Rent")["rule"]["category"].string == "Housing")
        Self.at(cli, "2025-02-05T09:00:00Z")
        try await cli.ok("recurring", "run")
        #expect(try await cli.json("expenses")["expenses"][0]["category"].string == "Housing")
        try await cli.ok("recurring", "delete", "Rent")
        #expect(try await cli.ok("expense", "show", "Rent").stdout.contains("Recurring: Rent, a deleted rule ("))
        #expect(try await cli.ok("expenses").stdout.contains("Rent ↻ 2025-02"))
        try await cli.ok("expense", "edit", "Rent", "--category", "Other")
        try await cli.ok("category", "remove", "Housing")
    }

    @Test("recurring show, edit, pause, resume and delete each run in at most two transactions")
    func twoTransactions() async throws {
        let cli = try await Self.flat()
        try await cli.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Ana", "--from", "2024-12-01")
        func transactions(_ arguments: String...) async throws -> Int {
            let result = try await cli.run(arguments, env: ["SPLIT_TRACE_SQL": "1"])
            result.expectSuccess()
            return result.stderr.split(separator: "\n").filter { $0.hasPrefix("sql: BEGIN") }.count
        }
        #expect(try await transactions("recurring", "show", "Rent") <= 2)
        #expect(try await transactions("recurring", "edit", "Rent", "--amount", "950", "--category", "Other", "--from", "2025-01-01") <= 2)
        #expect(try await transactions("recurring", "pause", "Rent") <= 2)
        #expect(try await transactions("recurring", "resume", "Rent") <= 2)
        #expect(try await transactions("recurring", "delete", "Rent") <= 2)
        #expect(try await transactions("expenses") <= 2)
    }
}

