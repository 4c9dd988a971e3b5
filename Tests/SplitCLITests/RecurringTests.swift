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
}
