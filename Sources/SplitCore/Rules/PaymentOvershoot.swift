/// A payment that turns its payer from owing into being owed more than they owed: most often
/// a typo (an extra digit), so `split pay` warns, and still records it (undo removes it).
///
/// Measured on the payer's net balance in the payment's currency: a group's debts are not
/// pairwise, so "what Diego owed" is what Diego owed in all.
public struct PaymentOvershoot: Hashable, Sendable {
    /// What the payer owed before, in minor units (> 0).
    public let owed: Int64
    /// What the payer is owed after, in minor units (> ``owed``).
    public let owedAfter: Int64

    /// The overshoot of paying `amount` with net `payerNet` before, or nil when the payment
    /// leaves the payer owing, or owed no more than they owed.
    public static func check(payerNet: Int64, amount: Int64) -> PaymentOvershoot? {
        guard payerNet < 0 else { return nil }
        let after = Int128(payerNet) + Int128(amount)
        guard after > -Int128(payerNet), let owedAfter = Int64(exactly: after) else { return nil }
        return PaymentOvershoot(owed: -payerNet, owedAfter: owedAfter)
    }
}
