import SplitCore
import SplitJSON
import SplitReport

/// `payments`: the trip's payments, newest first.
struct PaymentListing: CommandResult {
    let trip: Trip
    let payments: [Payment]
    let directory: MemberDirectory
    /// How many currency exchanges the trip holds: the text points at `split conversions`.
    var exchanges = 0

    var json: JSONValue {
        .object(["trip": JSONRendering.trip(trip), "payments": .array(payments.map { JSONRendering.payment($0, directory) })])
    }

    var lines: [String] {
        let note = exchanges == 0 ? [] : ["And \(exchanges) currency exchange\(exchanges == 1 ? "" : "s") of settle --record --in: "
                                          + "split conversions"]
        guard !payments.isEmpty else { return ["No payments yet. Record one with: split pay FROM TO AMOUNT"] + note }
        var table = TextTable(["DATE", "ID", "FROM", "TO", "AMOUNT", "NOTE"], rightAligned: [4])
        for payment in payments {
            table.add([payment.date.description, payment.id.short, directory.name(of: payment.from),
                       directory.name(of: payment.to), payment.amount.description, payment.note ?? ""])
        }
        return [table.render()] + note
    }
}
