import Foundation
import SplitCore
import SplitTestSupport
import Testing

/// A household's months: `expenses --month` with its total, `balances --until`, `summary --by
/// month` and `report --month`, on three flatmates over three months.
@Suite("months: listings, balances at a day, summaries and reports")
struct MonthsTests {
    /// Ana pays the rent on the 1st, Mia the groceries on the 12th, January to March 2024;
    /// Jonas paid Ana 500 on 3 February.
    static func flat() async throws -> CLI {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Flat", "--currency", "EUR")
        try await cli.ok("member", "add", "Ana", "Jonas", "Mia")
        for month in ["01", "02", "03"] {
            try await cli.ok("add-expense", "Rent", "1500", "--paid-by", "Ana", "--date", "2024-\(month)-01")
            try await cli.ok("add-expense", "Groceries", "90.30", "--paid-by", "Mia", "--date", "2024-\(month)-12")
        }
        try await cli.ok("pay", "Jonas", "Ana", "500", "--date", "2024-02-03")
        return cli
    }

    @Test("expenses --month lists that month with a total line, in text and in JSON (streamed too)")
    func expensesMonth() async throws {
        let cli = try await Self.flat()
        let text = try await cli.ok("expenses", "--month", "2024-02").stdout
        #expect(text.contains("2024-02-01") && text.contains("2024-02-12") && !text.contains("2024-01-") && !text.contains("2024-03-"))
        #expect(text.hasSuffix("Total EUR: €1,590.30 in 2 expenses\n"), "\(text)")
        let json = try await cli.json("expenses", "--month", "2024-02")
        #expect(json["expenses"].array.count == 2)
        #expect(json["totals"][0]["currency"].string == "EUR" && json["totals"][0]["total"].double == 1590.3
                && json["totals"][0]["expenses"].int == 2)
        // --since/--until give the same days and the same total.
        let bounded = try await cli.ok("expenses", "--since", "2024-02-01", "--until", "2024-02-29").stdout
        #expect(bounded == text)
    }

    @Test("bad months and mixed bounds are refused with one line and nothing changes",
          arguments: [
            (["expenses", "--month", "2024-13"], Int32(65), "use YYYY-MM"),
            (["expenses", "--month", "March"], 65, "use YYYY-MM"),
            (["expenses", "--month", "2024-02", "--since", "2024-01-01"], 64, "leave out --since and --until"),
            (["report", "--month", "2024-02", "--until", "2024-03-01"], 64, "leave out --since and --until"),
            (["report", "--since", "2024-03-01", "--until", "2024-02-01"], 65, "is after --until"),
            (["balances", "--until", "someday"], 65, "is not a date"),
          ])
    func refusals(arguments: [String], code: Int32, phrase: String) async throws {
        let cli = try await Self.flat()
        let before = try await cli.writeState().text
        try await cli.run(arguments).expectError(code, phrase)
        #expect(try await cli.writeState().text == before)
    }

    @Test("balances --until is the balances as they stood at the end of that day")
    func balancesUntil() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Flat", "--currency", "EUR")
        try await cli.ok("member", "add", "Ana", "Jonas", "Mia")
        try await cli.ok("add-expense", "Rent", "1500", "--paid-by", "Ana", "--date", "2024-01-01")
        try await cli.ok("pay", "Jonas", "Ana", "500", "--date", "2024-01-20")
        let then = try await cli.json("balances")["balances"]
        // Later: more expenses and a payment, dated after the 31st, and one share marked paid.
        try await cli.ok("add-expense", "Rent", "1500", "--paid-by", "Mia", "--date", "2024-02-01")
        try await cli.ok("pay", "Mia", "Ana", "10", "--date", "2024-02-02")
        let now = try await cli.json("balances")["balances"]
        #expect(now.description != then.description)
        let until = try await cli.json("balances", "--until", "2024-01-31")
        #expect(until["balances"].description == then.description && until["until"].string == "2024-01-31")
        #expect(try await cli.json("balances", "--until", "2024-12-31")["balances"].description == now.description)
        #expect(try await cli.ok("balances", "--until", "2023-12-31").stdout.contains("on or before 2023-12-31; everyone was even"))
    }

    @Test("summary --by month: each month's total and each member's paid and share, adding up to the summary's")
    func summaryByMonth() async throws {
        let cli = try await Self.flat()
        let months = try await cli.json("summary", "--by", "month")["months"].array
        #expect(months.map { $0["month"].string } == ["2024-01", "2024-02", "2024-03"])
        #expect(months.allSatisfy { $0["total"].double == 1590.3 && $0["expenses"].int == 2 })
        let summary = try await cli.json("summary")["currencies"][0]["byMember"].array
        for member in summary {
            let name = member["memberName"].string
            let paid = months.flatMap { $0["byMember"].array }.filter { $0["memberName"].string == name }
                .reduce(0.0) { $0 + ($1["paid"].double ?? .nan) }
            #expect(abs(paid - (member["paid"].double ?? .nan)) < 0.005, "\(name ?? "?")")
        }
        let text = try await cli.ok("summary", "--by", "month").stdout
        #expect(text.contains("2024-02  1590.30  Ana"), "\(text)")
        try await cli.run("summary", "--by", "week").expectError(64, "month")
    }

    @Test("report --month: that month's spending, expenses and payments, and the balances at its end")
    func reportMonth() async throws {
        let cli = try await Self.flat()
        let report = try await cli.json("report", "--month", "2024-02")
        #expect(report["since"].string == "2024-02-01" && report["until"].string == "2024-02-29")
        #expect(report["expenses"]["count"].int == 2 && report["payments"]["count"].int == 1)
        let balances = try await cli.json("balances", "--until", "2024-02-29")["balances"][0]["balances"].array
        #expect(report["settlements"][0]["balances"].array.map { $0["netBalance"].double } == balances.map { $0["netBalance"].double })
        let text = try await cli.ok("report", "--month", "2024-01").stdout
        #expect(text.contains("Expenses and payments of 2024-01-01 to 2024-01-31; balances at the end of 2024-01-31."))
        #expect(text.contains("by day") && !text.contains("2024-02-"))
        // The whole quarter spans more than a month: the chart goes by week.
        let quarter = try await cli.ok("report").stdout
        #expect(quarter.contains("Spending in EUR by week") && quarter.contains("week of 2024-02-26"))
    }
}
