import Testing

/// One read and one write per command on a local trip, counted from SQLite's own statements
/// (`SPLIT_TRACE_SQL`).
@Suite("round trips to the database")
struct RoundTripTests {
    @Test("add-expense, pay, expense edit, mark-paid, expense delete and undo each run in at most two transactions, itemized too")
    func twoTransactions() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        func transactions(_ arguments: String...) async throws -> Int {
            let result = try await cli.run(arguments, env: ["SPLIT_TRACE_SQL": "1"])
            result.expectSuccess()
            let statements = result.stderr.split(separator: "\n").filter { $0.hasPrefix("sql: ") }
            #expect(statements.count > 5, "the trace lists the command's statements: \(result)")
            return statements.filter { $0.hasPrefix("sql: BEGIN") }.count
        }
        #expect(try await transactions("add-expense", "Dinner", "12000", "--paid-by", "Alex") <= 2)
        #expect(try await transactions("pay", "Bea", "Alex", "500") <= 2)
        let id = try await cli.expenseID("Dinner")
        #expect(try await transactions("expense", "edit", String(id.prefix(8)), "--amount", "13000") <= 2)
        #expect(try await transactions("mark-paid", String(id.prefix(8)), "--member", "Bea") <= 2)
        #expect(try await transactions("undo") <= 2)
        #expect(try await transactions("expense", "delete", String(id.prefix(8))) <= 2)
        #expect(try await transactions("undo") <= 2)
        #expect(try await cli.expenseCount() == 1)
        // An itemized bill too, added and given new items.
        #expect(try await transactions("add-expense", "Bill", "--paid-by", "Alex", "--item", "Ramen=1200", "--tip", "10%") <= 2)
        let bill = String(try await cli.expenseID("Bill").prefix(8))
        #expect(try await transactions("expense", "edit", bill, "--item", "Ramen=1300") <= 2)
    }

    @Test("without SPLIT_TRACE_SQL nothing is traced")
    func quietByDefault() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let result = try await cli.run("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        result.expectOK()
        #expect(!result.stderr.contains("sql:"))
    }
}
