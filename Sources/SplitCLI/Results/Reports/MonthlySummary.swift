import SplitCore
import SplitJSON
import SplitReport

/// `summary --by month`: per currency, each month's total and each member's paid and share.
struct MonthlySummary: CommandResult {
    let trip: Trip
    let spending: MonthlySpending
    let directory: MemberDirectory
    let me: MemberID?

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip),
            "me": JSONRendering.string(me?.rawValue),
            "months": .array(spending.months.map { month in
                .object([
                    "month": .string(month.month),
                    "currency": .string(month.currency.code),
                    "total": JSONRendering.amount(month.total, month.currency),
                    "expenses": .int(month.count),
                    "byMember": .array(month.members.map { balance in
                        .object([
                            "memberId": .string(balance.memberID.rawValue),
                            "memberName": .string(directory.name(of: balance.memberID)),
                            "paid": JSONRendering.amount(balance.totalPaid, month.currency),
                            "share": JSONRendering.amount(balance.totalShare, month.currency),
                        ])
                    }),
                ])
            }),
        ])
    }

    var lines: [String] {
        guard !spending.months.isEmpty else { return ["No expenses yet."] }
        var lines: [String] = []
        for currency in Set(spending.months.map(\.currency)).sorted() {
            if !lines.isEmpty { lines.append("") }
            lines.append(currency.code)
            var table = TextTable(["MONTH", "TOTAL", "MEMBER", "PAID", "SHARE"], rightAligned: [1, 3, 4])
            for month in spending.months where month.currency == currency {
                for (index, balance) in month.members.enumerated() where balance.totalPaid != 0 || balance.totalShare != 0 || index == 0 {
                    table.add([index == 0 ? month.month : "", index == 0 ? Amounts.text(month.total, currency) : "",
                               directory.name(of: balance.memberID) + (balance.memberID == me ? " (you)" : ""),
                               Amounts.text(balance.totalPaid, currency), Amounts.text(balance.totalShare, currency)])
                }
            }
            lines.append(table.render())
        }
        return lines
    }
}
