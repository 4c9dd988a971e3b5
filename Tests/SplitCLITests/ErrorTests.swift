import Foundation
import SplitCore
import Testing

/// One refused `add-expense` command line and what it must say.
struct BadExpense: Sendable, CustomStringConvertible {
    let name: String
    let arguments: [String]
    let code: Int32
    let phrases: [String]

    init(_ name: String, _ arguments: [String], _ code: Int32, _ phrases: String...) {
        self.name = name
        self.arguments = arguments
        self.code = code
        self.phrases = phrases
    }

    var description: String { name }
}

@Suite("Errors: exit codes, one-line messages, nothing written")
struct ErrorTests {
    static let badExpenses: [BadExpense] = [
        // Amounts.
        BadExpense("too precise for USD", ["X", "10.505", "--currency", "USD", "--paid-by", "Alex"], 65,
                   "amount '10.505' is too precise for USD", "at most 2 decimals"),
        BadExpense("too precise for JPY", ["X", "10.5", "--paid-by", "Alex"], 65, "too precise for JPY", "no decimals"),
        BadExpense("zero", ["X", "0", "--paid-by", "Alex"], 65, "amount '0' must be greater than zero"),
        BadExpense("zero with decimals", ["X", "0.00", "--currency", "USD", "--paid-by", "Alex"], 65, "greater than zero"),
        BadExpense("negative after --", ["--paid-by", "Alex", "X", "--", "-5"], 65, "amount '-5' is not a plain decimal number"),
        BadExpense("NaN", ["X", "NaN", "--paid-by", "Alex"], 65, "amount 'NaN' is not a plain decimal number"),
        BadExpense("infinity", ["X", "inf", "--paid-by", "Alex"], 65, "amount 'inf' is not a plain decimal number"),
        BadExpense("exponent overflow", ["X", "1e309", "--paid-by", "Alex"], 65, "amount '1e309'", "no signs, commas or exponents"),
        BadExpense("thousands comma", ["X", "1,000", "--paid-by", "Alex"], 65, "amount '1,000'", "not a plain decimal number"),
        BadExpense("empty amount", ["X", "", "--paid-by", "Alex"], 65, "amount is empty"),
        BadExpense("leading dot", ["X", ".5", "--currency", "USD", "--paid-by", "Alex"], 65, "amount '.5'"),
        BadExpense("spaces", ["X", "1 000", "--paid-by", "Alex"], 65, "amount '1 000'"),
        BadExpense("hex", ["X", "0x10", "--paid-by", "Alex"], 65, "amount '0x10'"),
        BadExpense("above the limit", ["X", "10000000000000000", "--paid-by", "Alex"], 65, "too large", "the limit is"),
        BadExpense("huge digit string", ["X", String(repeating: "9", count: 400), "--paid-by", "Alex"], 65, "too large"),
        // Splits.
        BadExpense("exact short", ["X", "100", "--paid-by", "Alex", "--exact", "Alex=50,Bea=40"], 65,
                   "exact amounts sum to 90", "10 short of the amount 100"),
        BadExpense("exact over", ["X", "10.00", "--currency", "USD", "--paid-by", "Alex", "--exact", "Alex=6,Bea=4.5"], 65,
                   "exact amounts sum to 10.5", "0.5 over the amount 10"),
        BadExpense("exact share too precise", ["X", "100", "--paid-by", "Alex", "--exact", "Alex=50.5,Bea=49.5"], 65,
                   "too precise for JPY"),
        BadExpense("percent not 100", ["X", "100", "--paid-by", "Alex", "--percent", "Alex=50,Bea=40"], 65,
                   "percentages sum to 90, not 100"),
        BadExpense("percent over 100", ["X", "100", "--paid-by", "Alex", "--percent", "Alex=60,Bea=50"], 65,
                   "percentages sum to 110, not 100"),
        BadExpense("percent malformed", ["X", "100", "--paid-by", "Alex", "--percent", "Alex=fifty,Bea=50"], 65,
                   "percentage 'fifty'"),
        BadExpense("shares malformed", ["X", "100", "--paid-by", "Alex", "--shares", "Alex=1.5,Bea=1"], 65, "share '1.5'"),
        BadExpense("shares all zero", ["X", "100", "--paid-by", "Alex", "--shares", "Alex=0,Bea=0"], 65, "shares add up to 0"),
        BadExpense("pairs malformed", ["X", "100", "--paid-by", "Alex", "--exact", "Alex"], 64,
                   "--exact expects NAME=VALUE pairs", "'Alex'"),
        BadExpense("among empty name", ["X", "100", "--paid-by", "Alex", "--among", "Alex,,Bea"], 64,
                   "--among expects member names separated by commas"),
        BadExpense("unknown payer", ["X", "100", "--paid-by", "Zed"], 65, "no member 'Zed'", "choose one of: Alex, Bea, Chen, Dana"),
        BadExpense("unknown sharer", ["X", "100", "--paid-by", "Alex", "--among", "Alex,Zed"], 65, "no member 'Zed'",
                   "Alex, Bea, Chen, Dana"),
        BadExpense("duplicate in --among", ["X", "100", "--paid-by", "Alex", "--among", "Bea,Alex,bea"], 65,
                   "Bea is listed twice in the split"),
        BadExpense("duplicate in --exact", ["X", "100", "--paid-by", "Alex", "--exact", "Bea=50,BEA=50"], 65, "listed twice"),
        BadExpense("two split modes", ["X", "100", "--paid-by", "Alex", "--among", "Bea", "--shares", "Bea=1"], 64,
                   "use only one of --among, --exact, --percent, --shares", "--among and --shares"),
        BadExpense("three split modes", ["X", "100", "--paid-by", "Alex", "--exact", "Bea=100", "--percent", "Bea=100",
                                         "--shares", "Bea=1"], 64, "use only one of"),
        // Other fields.
        BadExpense("unknown category", ["X", "100", "--paid-by", "Alex", "--category", "Food"], 65,
                   "unknown category 'Food'", "Meal, Transport, Tickets, Shopping, Hotel, Other"),
        BadExpense("impossible date", ["X", "100", "--paid-by", "Alex", "--date", "2025-02-30"], 65,
                   "date '2025-02-30' does not exist; did you mean 2025-02-28?"),
        BadExpense("month-first date", ["X", "100", "--paid-by", "Alex", "--date", "01/20/2025"], 65, "date '01/20/2025' is month/day"),
        BadExpense("unknown currency", ["X", "100", "--paid-by", "Alex", "--currency", "XYZ"], 65,
                   "unknown currency 'XYZ'", "ISO 4217"),
        BadExpense("missing --paid-by", ["X", "100"], 64, "who paid? give --paid-by NAME"),
        BadExpense("empty description", ["   ", "100", "--paid-by", "Alex"], 65, "the description is empty"),
        BadExpense("description too long", [String(repeating: "d", count: TextRules.textLimit + 1), "100", "--paid-by", "Alex"], 65,
                   "longer than \(TextRules.textLimit)"),
        BadExpense("note too long", ["X", "100", "--paid-by", "Alex", "--note", String(repeating: "n", count: 1001)], 65,
                   "note is longer than 1000"),
    ]

    @Test("a bad add-expense is refused with its exit code and message, and nothing is stored", arguments: badExpenses)
    func badExpense(_ bad: BadExpense) async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Existing", "1000", "--paid-by", "Alex")
        let before = try await cli.writeState()
        #expect(before.expenses.count == 1)
        let result = try await cli.run(["add-expense"] + bad.arguments)
        #expect(result.status == bad.code, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.hasPrefix("split: error: "), "\(result)")
        #expect(!result.stderr.contains("Fatal error"), "\(result)")
        for phrase in bad.phrases {
            #expect(result.stderr.contains(phrase), "stderr should mention '\(phrase)': \(result)")
        }
        // Same with --json: still an error on stderr, nothing on stdout.
        let json = try await cli.run(["add-expense", "--json"] + bad.arguments)
        #expect(json.status == bad.code && json.stdout.isEmpty && json.stderr == result.stderr, "\(json)")
        let after = try await cli.writeState()
        #expect(after.expenses.count == 1)
        #expect(after.text == before.text)
    }

    @Test("a negative amount (no --) is refused as bad data, not as an unknown flag", arguments: ["-5", "-0.5", "-1000"])
    func negativeAmount(_ amount: String) async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.run("add-expense", "X", amount, "--paid-by", "Alex").expectError(65, "'\(amount)' is negative")
        try await cli.run("pay", "Bea", "Alex", amount).expectError(65, "negative")
        #expect(try await cli.expenseCount() == 0)
        #expect(try await cli.nets().isEmpty)
    }

    @Test("usage errors from the parser exit 64 without a crash")
    func parserErrors() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.run("bogus").expectUsageError("bogus")
        try await cli.run("settle", "--bogus").expectUsageError("--bogus")
        try await cli.run("add-expense").expectUsageError("give a description and an amount")
        try await cli.run("add-expense", "X").expectUsageError("give a description and an amount")
        try await cli.run("add-expense", "X", "1", "extra", "--paid-by", "Alex").expectUsageError()
        try await cli.run("pay", "Alex", "Bea").expectUsageError("amount")
        try await cli.run("mark-paid", "abcdef").expectUsageError("--member")
        try await cli.run("log", "--limit", "0").expectUsageError("--limit must be a positive whole number")
        try await cli.run("log", "--limit", "many").expectUsageError("many")
        try await cli.run("expense", "edit", "abcdef").expectUsageError("nothing to change")
        try await cli.run("trip", "create").expectUsageError("name")
        try await cli.run("--db").expectUsageError()
        #expect(try await cli.expenseCount() == 0)
    }

    @Test("errors from other commands are one line with the right code")
    func otherCommandErrors() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        let before = try await cli.snapshot()
        try await cli.run("pay", "Bea", "Bea", "100").expectError(65, "cannot pay themselves")
        try await cli.run("pay", "Bea", "Zed", "100").expectError(65, "no member 'Zed'")
        try await cli.run("pay", "Bea", "Alex", "1.5").expectError(65, "too precise for JPY")
        try await cli.run("pay", "Bea", "Alex", "0").expectError(65, "greater than zero")
        try await cli.run("pay", "Bea", "Alex", "1,000").expectError(65, "not a plain decimal")
        try await cli.run("pay", "Bea", "Alex", "100", "--currency", "XX").expectError(65, "unknown currency")
        try await cli.run("pay", "Bea", "Alex", "100", "--date", "2025-02-30").expectError(65, "does not exist; did you mean 2025-02-28?")
        try await cli.run("expense", "show", "abc").expectError(65, "an id prefix needs at least 4 characters")
        try await cli.run("expense", "show", "ffffffff").expectError(65, "no expense with id or description 'ffffffff'")
        try await cli.run("expense", "delete", "ffffffff").expectError(65, "no expense with id")
        try await cli.run("expense", "edit", "ffffffff", "--amount", "5").expectError(65, "no expense with id")
        try await cli.run("mark-paid", "ffffffff", "--member", "Bea").expectError(65, "no expense with id")
        try await cli.run("settle", "--in", "XYZ").expectError(65, "unknown currency 'XYZ'")
        #expect(try await cli.snapshot() == before)
    }
}
