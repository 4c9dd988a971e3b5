import Foundation
import SplitTestSupport
@testable import SplitCLI
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
        // A currency mark for another currency than the amount's (the trip's USD, or --currency's).
        Refusal(["add-expense", "Tacos", "$12", "--paid-by", "Ann", "--currency", "EUR"],
                "amount '$12' is marked as USD (or another of its currencies), not EUR; did you mean 12 --currency USD?"),
        Refusal(["add-expense", "Tacos", "€12,50", "--paid-by", "Ann"],
                "amount '€12,50' is marked as EUR, not USD; did you mean 12.50 --currency EUR?"),
        Refusal(["add-expense", "Tacos", "12EUR", "--paid-by", "Ann"],
                "amount '12EUR' is marked as EUR, not USD; did you mean 12 --currency EUR?"),
        Refusal(["pay", "Ann", "Ben", "S/12"], "amount 'S/12' is marked as PEN, not USD; did you mean 12 --currency PEN?"),
        // A mark that agrees, on a number that is not plain: the number's reading.
        Refusal(["add-expense", "Tacos", "$12,50", "--paid-by", "Ann"],
                "amount '$12,50' is not a plain decimal number; did you mean 12.50?"),
        Refusal(["add-expense", "Tacos", "¤12", "--paid-by", "Ann"],
                "amount '¤12' is not a plain decimal number; give the number alone and the currency with --currency, "
                + "e.g. 12 --currency USD"),
        Refusal(["add-expense", "120", "Tacos", "--paid-by", "Ann"],
                "amount 'Tacos' is not a number, but the description '120' is; the two look swapped "
                + "(DESCRIPTION comes first, then AMOUNT)"),
        Refusal(["pay", "Ann", "Ben", "12,50"], "amount '12,50' is not a plain decimal number; did you mean 12.50?"),
        // Dates: every refusal suggests what to type; too far either way says why.
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "7/6"],
                "date '7/6' could be day/month or month/day; did you mean 2024-06-07 or 2024-07-06?"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "11/28/2024"],
                "date '11/28/2024' is month/day, and split reads a slash date day first only when the day is over 12; "
                + "did you mean 2024-11-28?"),
        Refusal(["pay", "Ann", "Ben", "5", "--date", "frday"],
                "date 'frday' is not a date split reads; did you mean 'friday' (2025-01-17)?"),
        Refusal(["pay", "Ann", "Ben", "5", "--date", "2024-11-31"], "date '2024-11-31' does not exist; did you mean 2024-11-30?"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "June 31"],
                "date 'June 31' is 2024-06-31, which does not exist; did you mean 2024-06-30?"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "whenever"],
                "date 'whenever' is not a date split reads; use \(DateInput.forms)"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "2026-01-21"],
                "date 2026-01-21 is more than a year ahead of today (2025-01-20); the latest date split takes is 2026-01-20; "
                + "did you mean 2025-01-21?"),
        Refusal(["pay", "Ann", "Ben", "5", "--date", "2030-06-01"],
                "date 2030-06-01 is more than a year ahead of today (2025-01-20); the latest date split takes is 2026-01-20; "
                + "did you mean 2025-06-01?"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "1969-12-31"],
                "date 1969-12-31 is before 1970; split takes dates from 1970-01-01 on"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "-20000"],
                "date 1969-12-29 is before 1970; split takes dates from 1970-01-01 on", now: "2024-10-01T12:00:00Z"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "02-29"],
                "date '02-29' is 2025-02-29, which does not exist; did you mean 2025-02-28?",
                now: "2025-03-01T10:00:00Z"),
        Refusal(["add-expense", "Tacos", "12", "--paid-by", "Ann", "--date", "-123456"],
                "date '-123456' is not a date split reads; use \(DateInput.forms)"),
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
        // As people say them; fixedNow is Monday 2025-01-20.
        TypedDate(typed: "3 days ago", now: fixedNow, day: "2025-01-17"),
        TypedDate(typed: "last friday", now: fixedNow, day: "2025-01-17"),
        TypedDate(typed: "friday", now: fixedNow, day: "2025-01-17"),
        TypedDate(typed: "monday", now: fixedNow, day: "2025-01-20"),
        TypedDate(typed: "last monday", now: fixedNow, day: "2025-01-13"),
        TypedDate(typed: "Jun 7", now: fixedNow, day: "2024-06-07"),
        TypedDate(typed: "7 Jun", now: fixedNow, day: "2024-06-07"),
        TypedDate(typed: "June 7 2025", now: fixedNow, day: "2025-06-07"),
        TypedDate(typed: "2025-06-07", now: fixedNow, day: "2025-06-07"),
        TypedDate(typed: "06-07", now: fixedNow, day: "2024-06-07"),
        TypedDate(typed: "28/11/2025", now: fixedNow, day: "2025-11-28"),
        TypedDate(typed: "28/11", now: fixedNow, day: "2024-11-28"),
        TypedDate(typed: "tomorrow", now: fixedNow, day: "2025-01-21"),
    ]

    @Test("--date takes dates as people say them, read against the clock", arguments: dates)
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
