import Foundation
import SplitTestSupport
import Testing

// The CLI tests run `split` in-process through SplitTestSupport's sandbox (`run`), and the built
// binary only where a process is the point (`runProcess`, `start`). The names the tests use, and
// the trip setups only these tests need.

typealias CLI = SplitSandbox
typealias CLIResult = SplitResult
typealias RunningCLI = RunningSplit
typealias JSON = SplitTestSupport.JSON

extension SplitSandbox {
    /// The default database of this sandbox (`$XDG_DATA_HOME/split/split.sqlite`).
    var defaultDatabase: String { databasePath }

    // MARK: - Common setups

    /// The spec's trip: "Tokyo Trip" in JPY with Alex, Bea, Chen and Dana.
    func setUpTokyo(members: [String] = ["Alex", "Bea", "Chen", "Dana"]) async throws {
        try await ok("trip", "create", "Tokyo Trip", "--currency", "JPY")
        try await run(["member", "add"] + members).expectSuccess()
    }

    /// The spec's five example expenses.
    func addSpecExpenses() async throws {
        try await ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try await ok("add-expense", "Taxi", "3000", "--paid-by", "Bea", "--among", "Bea,Chen")
        try await ok("add-expense", "Hotel", "40000", "--paid-by", "Chen", "--exact", "Alex=10000,Bea=10000,Chen=20000")
        try await ok("add-expense", "Museum", "5000", "--paid-by", "Dana", "--shares", "Alex=2,Bea=1,Chen=1,Dana=1")
        try await ok("add-expense", "Lunch", "10.50", "--currency", "USD", "--paid-by", "Alex",
               "--percent", "Alex=50,Bea=25,Chen=25", "--category", "Meal", "--date", "2025-01-20", "--note", "ramen")
    }

    /// What a failed command must not change: the expenses and the activity log (every write
    /// appends to the log), as JSON text.
    func writeState(sourceLocation: SourceLocation = #_sourceLocation) async throws -> (expenses: [JSON], text: String) {
        let expenses = try await run("expenses", "--json")
        let log = try await run("log", "--json")
        #expect(expenses.status == 0 && log.status == 0, "\(expenses)\n\(log)", sourceLocation: sourceLocation)
        return (expenses.json["expenses"].array, expenses.stdout + log.stdout)
    }

    /// The current trip's expenses, as `split expenses --json` lists them.
    func expenses(_ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws -> [JSON] {
        let result = try await run(["expenses", "--json"] + extra)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return result.json["expenses"].array
    }

    func expenseCount(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int {
        try await expenses(sourceLocation: sourceLocation).count
    }

    /// The id of the (only) expense with this description.
    func expenseID(_ description: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let matches = try await expenses(sourceLocation: sourceLocation).filter { $0["description"].string == description }
        try #require(matches.count == 1, "expected one expense '\(description)'", sourceLocation: sourceLocation)
        return try #require(matches[0]["id"].string, sourceLocation: sourceLocation)
    }

    /// Net balances per currency and member name, in minor units of the given exponent map.
    func nets(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: [String: Double]] {
        let balances = try await run("balances", "--json")
        #expect(balances.status == 0, "\(balances)", sourceLocation: sourceLocation)
        var result: [String: [String: Double]] = [:]
        for group in balances.json["balances"].array {
            let currency = group["currency"].string ?? "?"
            for balance in group["balances"].array {
                result[currency, default: [:]][balance["memberName"].string ?? "?"] = balance["netBalance"].double
            }
        }
        return result
    }

    /// Everything a user can see of the current trip's data, to compare before and after undo.
    /// (Settle plans derive from the balances, so they are not listed separately.)
    func snapshot(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        var parts: [String] = []
        for command in [["expenses"], ["balances"], ["member", "list"], ["trip", "show"]] {
            let result = try await run(command + ["--json"])
            #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
            parts.append(result.stdout)
        }
        return parts.joined()
    }
}
