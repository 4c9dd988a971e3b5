import Testing

/// One read and one write per command on a local trip, counted from SQLite's own statements
/// (`SPLIT_TRACE_SQL`).
@Suite("round trips to the database")
struct RoundTripTests {
    @Test("add-expense, pay, expense edit, expense delete and undo each run in at most two transactions")
    func twoTransactions() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        func transactions(_ arguments: String...) throws -> Int {
            let result = try cli.run(arguments, env: ["SPLIT_TRACE_SQL": "1"])
            result.expectSuccess()
            let statements = result.stderr.split(separator: "\n").filter { $0.hasPrefix("sql: ") }
            #expect(statements.count > 5, "the trace lists the command's statements: \(result)")
            return statements.filter { $0.hasPrefix("sql: BEGIN") }.count
        }
        #expect(try transactions("add-expense", "Dinner", "12000", "--paid-by", "Alex") <= 2)
        #expect(try transactions("pay", "Bea", "Alex", "500") <= 2)
        let id = try cli.expenseID("Dinner")
        #expect(try transactions("expense", "edit", String(id.prefix(8)), "--amount", "13000") <= 2)
        #expect(try transactions("expense", "delete", String(id.prefix(8))) <= 2)
        #expect(try transactions("undo") <= 2)
        #expect(try cli.expenseCount() == 1)
    }

    @Test("without SPLIT_TRACE_SQL nothing is traced")
    func quietByDefault() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        let result = try cli.run("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        result.expectOK()
        #expect(!result.stderr.contains("sql:"))
    }
}
