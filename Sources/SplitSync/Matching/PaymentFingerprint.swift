import SplitCore

/// What makes two payments the same for reconciliation (``ItemFingerprint``): everything a
/// server stores except ids; no note is the same as an empty one.
struct PaymentFingerprint: Hashable {
    let from: MemberID
    let to: MemberID
    let amount: Money
    let date: CivilDate
    let note: String

    init(_ payment: Payment) {
        from = payment.from
        to = payment.to
        amount = payment.amount
        date = payment.date
        note = payment.note?.trimmingSpaces ?? ""
    }
}
