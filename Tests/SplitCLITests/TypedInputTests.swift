import Foundation
import SplitTestSupport
import Testing

/// One refused command line, the exact line it must get, and its exit code.
struct Refusal: Sendable, CustomStringConvertible {
    let arguments: [String]
    let message: String
    let now: String

    init(_ arguments: [String], _ message: String, now: String = fixedNow) {
        self.arguments = arguments
        self.message = message
        self.now = now
    }

    var description: String { arguments.joined(separator: " ") }
}

/// One date as typed, the clock's instant and the day it must be.
struct TypedDate: Sendable, CustomStringConvertible {
    let typed: String
    let now: String
    let day: String

    var description: String { "\(typed) at \(now)" }
}

@Suite("Amounts and dates as people type them")
struct TypedInputTests {
    static let refusals: [Refusal] = [
        // Amounts: strict, with the plain reading as a hint.
        Refusal(["add-expense", "Tacos", "12,50", "--paid-by", "Ann"],
                "amount '12,50' is not a plain decimal number; did you mean 12.50?"),
        Refusal(["add-expense", "Tacos", "1.000,50", "--paid-by", "Ann"],
                "amount '1.000,50' is not a plain decimal number; did you mean 1000.50?"),
        Refusal(["add-expense", "Tacos", "1,000.50", "--paid-by", "Ann"],
                "amount '1,000.50' is not a plain decimal number; did you mean 1000.50?"),
        Refusal(["add-expense", "Tacos", "1,000", "--paid-by", "Ann"],
                "amount '1,000' is not a plain decimal number; did you mean 1000 or 1.000?"),
        Refusal(["add-expense", "Tacos", "$12", "--paid-by", "Ann"],
                "amount '$12' is not a plain decimal number; give the number alone and the currency with --currency, "
                + "e.g. 12 --currency USD"),
        Refusal(["add-expense", "Tacos", "€12,50", "--paid-by", "Ann"],
                "amount '€12,50' is not a plain decimal number; give the number alone and the currency with --currency, "
                + "e.g. 12.50 --currency EUR"),
        Refusal(["add-expense", "Tacos", "12EUR", "--paid-by", "Ann"],
                "amount '12EUR' is not a plain decimal number; give the number alone and the currency with --currency, "
                + "e.g. 12 --currency EUR"),
        Refusal(["add-expense", "120", "Tacos", "--paid-by", "Ann"],
                "amount 'Tacos' is not a number, but the description '120' is; the two look swapped "
                + "(DESCRIPTION comes first, then AMOUNT)"),
        Refusal(["pay", "Ann", "Ben", "12,50"], "amount '12,50' is not a plain decimal number; did you mean 12.50?"),
        // Dates: any other form lists the accepted ones; too far either way says why.
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "25/04"],
                "date '25/04' is not a valid date; use YYYY-MM-DD, MM-DD, today, yesterday or -N (N days ago)"),
        Refusal(["pay", "Ann", "Ben", "5", "--date", "tomorrow"],
                "date 'tomorrow' is not a valid date; use YYYY-MM-DD, MM-DD, today, yesterday or -N (N days ago)"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "2026-01-21"],
                "date 2026-01-21 is more than a year ahead of today (2025-01-20); the latest date split takes is 2026-01-20"),
        Refusal(["pay", "Ann", "Ben", "5", "--date", "2030-06-01"],
                "date 2030-06-01 is more than a year ahead of today (2025-01-20); the latest date split takes is 2026-01-20"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "1969-12-31"],
                "date 1969-12-31 is before 1970; split takes dates from 1970-01-01 on"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "-20000"],
                "date 1969-12-29 is before 1970; split takes dates from 1970-01-01 on", now: "2024-10-01T12:00:00Z"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "02-29"],
                "date '02-29' is not a day of 2025 (MM-DD means this year, or last year when still ahead)",
                now: "2025-03-01T10:00:00Z"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "-123456"],
                "date '-123456' is not a valid date; use YYYY-MM-DD, MM-DD, today, yesterday or -N (N days ago)"),
    ]

    @Test("a refused amount or date gets its one line, exit 65, and nothing is written", arguments: refusals)
    func refused(_ refusal: Refusal) async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "USD")
        try await cli.ok("member", "add", "Ann", "Ben")
        let before = try await cli.writeState()
        let result = try await cli.run(refusal.arguments, env: ["SPLIT_NOW": refusal.now])
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "split: error: \(refusal.message)\n", "\(result)")
        let after = try await cli.writeState()
        #expect(after.text == before.text)
        #expect(try await cli.nets().isEmpty)
    }

    static let dates: [TypedDate] = [
        TypedDate(typed: "today", now: "2025-01-01T00:30:00Z", day: "2025-01-01"),
        TypedDate(typed: "Yesterday", now: "2025-01-01T00:30:00Z", day: "2024-12-31"),
        TypedDate(typed: "-1", now: "2025-03-01T10:00:00Z", day: "2025-02-28"),
        TypedDate(typed: "yesterday", now: "2024-03-01T10:00:00Z", day: "2024-02-29"),
        TypedDate(typed: "-365", now: "2025-01-01T00:30:00Z", day: "2024-01-02"),
        TypedDate(typed: "-0", now: "2024-12-31T23:00:00Z", day: "2024-12-31"),
        TypedDate(typed: "12-31", now: "2025-01-01T00:30:00Z", day: "2024-12-31"),
        TypedDate(typed: "12-31", now: "2024-12-31T23:00:00Z", day: "2024-12-31"),
        TypedDate(typed: "01-01", now: "2024-12-31T23:00:00Z", day: "2024-01-01"),
        TypedDate(typed: "02-29", now: "2024-02-29T08:00:00Z", day: "2024-02-29"),
        TypedDate(typed: "03-01", now: "2025-02-28T08:00:00Z", day: "2024-03-01"),
        TypedDate(typed: "2026-01-20", now: fixedNow, day: "2026-01-20"),
        TypedDate(typed: "1970-01-01", now: fixedNow, day: "1970-01-01"),
    ]

    @Test("--date takes today, yesterday, -N and MM-DD, read against the clock", arguments: dates)
    func date(_ date: TypedDate) async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "USD")
        try await cli.ok("member", "add", "Ann")
        let added = try await cli.run(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", date.typed, "--json"],
                                      env: ["SPLIT_NOW": date.now])
        #expect(added.status == 0, "\(added)")
        #expect(added.json["expenses"][0]["expenseDate"].string == date.day, "\(added)")
    }

    @Test("relative dates work in --date=, pay, expense edit and the --since filter")
    func otherPlaces() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "USD")
        try await cli.ok("member", "add", "Ann", "Ben")
        try await cli.ok("add-expense", "Old", "12", "--paid-by", "Ann", "--date=-10")
        try await cli.ok("add-expense", "New", "12", "--paid-by", "Ann", "--date", "-3")
        let recent = try await cli.json("expenses", "--since", "-7")
        #expect(recent["expenses"].array.map { $0["description"].string } == ["New"])
        let paid = try await cli.json("pay", "Ben", "Ann", "5", "--date", "yesterday")
        #expect(paid["payment"]["date"].string == "2025-01-19", "\(paid)")
        let id = try await cli.expenseID("Old")
        let edited = try await cli.json("expense", "edit", id, "--date", "01-02")
        #expect(edited["expense"]["expenseDate"].string == "2025-01-02")
        try await cli.fails(65, ["expense", "edit", id, "--date", "2027-01-01"], "more than a year ahead")
        #expect(try await cli.expenses().map { $0["expenseDate"].string } == ["2025-01-17", "2025-01-02"])
    }
}
