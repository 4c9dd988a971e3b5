import SplitCore
import SplitJSON
import SplitReport
import SplitStore

/// `summary`: per currency, the total, what you paid and your share, and totals by member
/// and by category.
struct TripSummary: CommandResult {
    let trip: Trip
    let balances: [CurrencyBalances]
    let categories: [CategoryTotal]
    let directory: MemberDirectory
    let me: MemberID?

    var currencies: [Currency] { Set(balances.map(\.currency)).union(categories.map(\.currency)).sorted() }

    private func members(in currency: Currency) -> [MemberBalance] {
        balances.first { $0.currency == currency }?.balances ?? []
    }

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip),
            "me": JSONRendering.string(me?.rawValue),
            "currencies": .array(currencies.map { currency in
                let inCurrency = categories.filter { $0.currency == currency }
                let members = members(in: currency)
                let mine = members.first { $0.memberID == me }
                return .object([
                    "you": me == nil ? .null : .object([
                        "paid": JSONRendering.amount(mine?.totalPaid ?? 0, currency),
                        "share": JSONRendering.amount(mine?.totalShare ?? 0, currency),
                    ]),
                    "currency": .string(currency.code),
                    "total": JSONRendering.amount(inCurrency.reduce(0) { $0 + $1.total }, currency),
                    "expenses": .int(inCurrency.reduce(0) { $0 + $1.count }),
                    "byMember": .array(members.map { balance in
                        .object([
                            "memberId": .string(balance.memberID.rawValue),
                            "memberName": .string(directory.name(of: balance.memberID)),
                            "paid": JSONRendering.amount(balance.totalPaid, currency),
                            "share": JSONRendering.amount(balance.totalShare, currency),
                        ])
                    }),
                    "byCategory": .array(inCurrency.map { total in
                        .object([
                            "category": .string(total.category.rawValue),
                            "total": JSONRendering.amount(total.total, currency), "expenses": .int(total.count),
                        ])
                    }),
                ])
            }),
        ])
    }

    var lines: [String] {
        let currencies = currencies
        guard !currencies.isEmpty else { return ["No expenses yet."] }
        var lines: [String] = []
        for (index, currency) in currencies.enumerated() {
            if index > 0 { lines.append("") }
            let inCurrency = categories.filter { $0.currency == currency }
            let total = inCurrency.reduce(Int64(0)) { $0 + $1.total }
            let count = inCurrency.reduce(0) { $0 + $1.count }
            lines.append("\(currency.code): \(Amounts.text(total, currency)) in \(count) expense\(count == 1 ? "" : "s")")
            let inBalances = members(in: currency)
            if me != nil {
                let mine = inBalances.first { $0.memberID == me }
                lines.append("You paid \(MoneyWords.text(mine?.totalPaid ?? 0, currency)); "
                             + "your share is \(MoneyWords.text(mine?.totalShare ?? 0, currency)).")
            }
            var members = TextTable(["MEMBER", "PAID", "SHARE"], rightAligned: [1, 2])
            for balance in inBalances {
                members.add([directory.name(of: balance.memberID) + (balance.memberID == me ? " (you)" : ""),
                             Amounts.text(balance.totalPaid, currency),
                             Amounts.text(balance.totalShare, currency)])
            }
            lines.append(members.render())
            var byCategory = TextTable(["CATEGORY", "TOTAL", "COUNT"], rightAligned: [1, 2])
            for category in inCurrency {
                byCategory.add([category.category.rawValue, Amounts.text(category.total, currency), String(category.count)])
            }
            lines.append(byCategory.render())
        }
        return lines
    }
}
