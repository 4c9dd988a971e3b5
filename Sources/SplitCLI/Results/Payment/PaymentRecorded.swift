import SplitCore
import SplitJSON

/// `pay`: the payment as stored, and a warning when the payer now ends up owed more than
/// they owed (the mark of a mistyped amount).
struct PaymentRecorded: CommandResult {
    let trip: Trip
    let payment: Payment
    let directory: MemberDirectory
    let warning: String?

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip), "payment": JSONRendering.payment(payment, directory)]) }
    var lines: [String] {
        ["Recorded: \(directory.name(of: payment.from)) paid \(directory.name(of: payment.to)) \(payment.amount)."]
    }
    var notes: [String] { warning.map { [$0] } ?? [] }
}
