import SplitCore
import SplitJSON
import SplitReport

/// `settle --record`: the plan's transfers, recorded as payments in one change; with `--in`,
/// first the currency exchanges that carried every other currency into the target.
struct SettlementRecorded: CommandResult {
    let trip: Trip
    let payments: [Payment]
    let day: CivilDate
    let directory: MemberDirectory
    let heldWarning: String?
    /// `--in`: the exchanges recorded with the payments (empty when every balance was in the
    /// target already), and the rates they used.
    var exchanges: [CurrencyExchange] = []
    var conversion: ReportConversion?

    var notes: [String] { heldWarning.map { [$0] } ?? [] }

    var json: JSONValue {
        var document = [JSONMember("trip", JSONRendering.trip(trip)),
                        JSONMember("recorded", .array(payments.map { JSONRendering.payment($0, directory) }))]
        if let conversion {
            document.append(JSONMember("exchanges", .array(exchanges.map { JSONRendering.exchange($0, directory) })))
            document.append(JSONMember("rates", ReportJSON.rates(conversion)))
        }
        return .object(document)
    }

    var lines: [String] {
        var lines: [String] = []
        if let conversion, !exchanges.isEmpty {
            lines.append("Converted into \(conversion.target.code) with \(exchanges.count) currency exchange"
                         + "\(exchanges.count == 1 ? "" : "s") (split conversions lists them):")
            lines.append(ExchangeText.table(exchanges, directory))
            if let rates = conversion.sentence { lines.append(rates) }
        }
        if payments.isEmpty {
            lines.append("No payment needed: the balances in \(conversion?.target.code ?? "each currency") are all zero.")
        } else {
            var table = TextTable(["FROM", "", "TO", "AMOUNT"], rightAligned: [3])
            for payment in payments {
                table.add([directory.name(of: payment.from), "paid", directory.name(of: payment.to), payment.amount.description])
            }
            lines += ["Recorded \(payments.count) payment\(payments.count == 1 ? "" : "s"), dated \(day):", table.render()]
        }
        return lines + ["Undo with: split undo"]
    }
}
