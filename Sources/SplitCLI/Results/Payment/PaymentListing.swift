import SplitCore
import SplitJSON
import SplitReport

/// `payments`: the trip's payments, newest first.
struct PaymentListing: CommandResult {
    let trip: Trip
    let payments: [Payment]
    let directory: MemberDirectory

    var json: JSONValue {
        .object(["trip": JSONRendering.trip(trip), "payments": .array(payments.map { JSONRendering.payment($0, directory) })])
    }

    var lines: [String] {
        guard !payments.isEmpty else { return ["No payments yet. Record one with: split pay FROM TO AMOUNT"] }
        var table = TextTable(["DATE", "ID", "FROM", "TO", "AMOUNT", "NOTE"], rightAligned: [4])
        for payment in payments {
            table.add([payment.date.description, payment.id.short, directory.name(of: payment.from),
                       directory.name(of: payment.to), payment.amount.description, payment.note ?? ""])
        }
        return [table.render()]
    }
}
