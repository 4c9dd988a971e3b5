import SplitCore
import SplitJSON
import SplitReport
import SplitStore

/// `balances`: paid, share, payments and net per member and currency, you marked.
struct BalanceSheet: CommandResult {
    let trip: Trip
    let balances: [CurrencyBalances]
    let directory: MemberDirectory
    let me: MemberID?
    /// Held server items left out of the figures.
    let heldWarning: String?
    /// `--until`: the balances are those at the end of this day.
    var until: CivilDate? = nil

    var notes: [String] { heldWarning.map { [$0] } ?? [] }

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip),
            "me": JSONRendering.string(me?.rawValue),
            "until": JSONRendering.string(until?.description),
            "balances": .array(balances.map { currencyBalances in
                .object([
                    "currency": .string(currencyBalances.currency.code),
                    "balances": .array(currencyBalances.balances.map {
                        JSONRendering.balance($0, currencyBalances.currency, directory)
                    }),
                ])
            }),
        ])
    }

    var lines: [String] {
        guard !balances.isEmpty else {
            return [until.map { "No expenses or payments on or before \($0); everyone was even." }
                    ?? "No expenses or payments yet; everyone is even."]
        }
        var lines: [String] = until.map { ["Balances at the end of \($0):", ""] } ?? []
        for (index, currencyBalances) in balances.enumerated() {
            if index > 0 { lines.append("") }
            let currency = currencyBalances.currency
            lines.append(currency.code)
            var table = TextTable(["MEMBER", "PAID", "SHARE", "PAID BACK", "RECEIVED", "NET"], rightAligned: [1, 2, 3, 4, 5])
            for balance in currencyBalances.balances {
                let name = directory.name(of: balance.memberID) + (balance.memberID == me ? " (you)" : "")
                table.add([name, Amounts.text(balance.totalPaid, currency),
                           Amounts.text(balance.totalShare, currency), Amounts.text(balance.paymentsMade, currency),
                           Amounts.text(balance.paymentsReceived, currency), Amounts.signed(balance.net, currency)])
            }
            lines.append(table.render())
            if let mine = currencyBalances.balances.first(where: { $0.memberID == me }) {
                lines.append(YourTransfers.net(mine.net, currency) + ".")
            }
        }
        return lines
    }
}
