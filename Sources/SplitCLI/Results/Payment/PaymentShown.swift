import SplitCore
import SplitJSON

/// `payment show` and `payment edit`: one payment; `edited` says it was just changed.
struct PaymentShown: CommandResult {
    let trip: Trip
    let payment: Payment
    let directory: MemberDirectory
    var edited = false

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip), "payment": JSONRendering.payment(payment, directory)]) }
    var lines: [String] { (edited ? ["Updated payment \(payment.id.short)."] : []) + PaymentText.lines(payment, directory) }
}
