import SplitCore
import SplitJSON
import SplitReport

/// `settle --record`: the plan's transfers, recorded as payments in one change.
struct SettlementRecorded: CommandResult {
    let trip: Trip
    let payments: [Payment]
    let day: CivilDate
    let directory: MemberDirectory
    let heldWarning: String?

    var notes: [String] { heldWarning.map { [$0] } ?? [] }

    var json: JSONValue {
        .object(["trip": JSONRendering.trip(trip), "recorded": .array(payments.map { JSONRendering.payment($0, directory) })])
    }

    var lines: [String] {
        var table = TextTable(["FROM", "", "TO", "AMOUNT"], rightAligned: [3])
        for payment in payments {
            table.add([directory.name(of: payment.from), "paid", directory.name(of: payment.to), payment.amount.description])
        }
        return ["Recorded \(payments.count) payment\(payments.count == 1 ? "" : "s"), dated \(day):", table.render(),
                "Undo with: split undo"]
    }
}
