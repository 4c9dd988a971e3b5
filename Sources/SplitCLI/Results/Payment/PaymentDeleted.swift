import SplitCore
import SplitJSON

/// `payment delete`: the payment that went.
struct PaymentDeleted: CommandResult {
    let trip: Trip
    let payment: Payment
    let directory: MemberDirectory

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip), "deleted": JSONRendering.payment(payment, directory)]) }
    var lines: [String] { ["Deleted the payment \(PaymentText.summary(payment, directory)). Undo with: split undo"] }
}
