import SplitCore
import SplitJSON
import SplitReport

/// `settle`: per currency, the balances and the fewest transfers that settle them (only yours
/// with `--mine`); with you known, your transfers first, in words; with `--in`, the rates used.
struct SettlePlan: CommandResult {
    let trip: Trip
    let directory: MemberDirectory
    let me: MemberID?
    let mine: Bool
    let plans: [(balances: CurrencyBalances, transfers: [Transfer])]
    /// The rates the conversion used, as `split trip rate` lists them: 1 USD = 150.25 JPY.
    let conversion: ReportConversion?
    let heldWarning: String?

    var notes: [String] { heldWarning.map { [$0] } ?? [] }

    var json: JSONValue {
        var document = [
            JSONMember("trip", JSONRendering.trip(trip)),
            JSONMember("me", JSONRendering.string(me?.rawValue)),
            JSONMember("settlements", .array(plans.map { balances, transfers in
                .object([
                    "currency": .string(balances.currency.code),
                    "balances": .array(balances.balances.map { JSONRendering.balance($0, balances.currency, directory) }),
                    "transfers": .array(transfers.map { JSONRendering.transfer($0, balances.currency, directory) }),
                ])
            })),
        ]
        if let conversion { document.append(JSONMember("rates", ReportJSON.rates(conversion))) }
        return .object(document)
    }

    /// The plan, then the line of rates used, if any.
    var lines: [String] { plan + (conversion?.sentence.map { [$0] } ?? []) }

    private var plan: [String] {
        var lines: [String] = []
        if let me {
            let words = plans.flatMap { balances, transfers in
                transfers.compactMap { YourTransfers.sentence($0, me: me, balances.currency, directory) }
            }
            lines.append(words.isEmpty ? "You are settled up." : words.joined(separator: "\n"))
            if mine { return lines }
            if !plans.isEmpty { lines.append("") }
        }
        guard !plans.isEmpty else { return lines + ["Nothing to settle: no expenses yet."] }
        for (balances, transfers) in plans {
            let currency = balances.currency
            if transfers.isEmpty {
                lines.append("\(currency.code): everyone is settled.")
                continue
            }
            lines.append("\(currency.code): \(transfers.count) transfer\(transfers.count == 1 ? "" : "s")")
            var table = TextTable(["FROM", "", "TO", "AMOUNT"], rightAligned: [3])
            for transfer in transfers {
                table.add([directory.name(of: transfer.from), "pays", directory.name(of: transfer.to),
                           Amounts.text(transfer.amount, currency)])
            }
            lines.append(table.render())
        }
        return lines
    }
}
