/// Turns a ``PayerRule`` into payers whose parts sum exactly to the amount, and checks payers
/// however they were made.
///
/// Equal parts use the same largest-remainder rule as equal shares (``SplitAllocator``): each
/// payer gets the floor, and the units left over go one each to the earlier payers in the
/// rule's list. Exact parts must each be positive and sum to the amount.
public enum PayerAllocator {
    public static func payers(amount: Money, rule: PayerRule) throws(SplitError) -> [ExpensePayer] {
        guard amount.minorUnits > 0 else { throw .nonPositiveAmount }
        let payers: [ExpensePayer]
        switch rule {
        case .equal(let members):
            guard !members.isEmpty else { throw .noPayer }
            var seen = Set<MemberID>()
            for member in members where !seen.insert(member).inserted { throw .duplicatePayer(member) }
            guard Int64(members.count) <= amount.minorUnits else {
                throw .tooManyPayers(count: members.count, amount: amount.minorUnits, exponent: amount.currency.exponent)
            }
            payers = try SplitAllocator.splits(amount: amount, rule: .equal(members)).map {
                ExpensePayer(memberID: $0.memberID, amount: $0.amount)
            }
        case .exact(let parts):
            payers = parts.map { ExpensePayer(memberID: $0.memberID, amount: $0.amount) }
        }
        try check(payers, amount: amount)
        return payers
    }

    /// The payers' invariant: at least one, none twice, each part positive, and the parts sum
    /// exactly to `amount` (checked in `Int128`, so no sum overflows).
    public static func check(_ payers: [ExpensePayer], amount: Money) throws(SplitError) {
        guard !payers.isEmpty else { throw .noPayer }
        var seen = Set<MemberID>()
        var total: Int128 = 0
        for payer in payers {
            guard seen.insert(payer.memberID).inserted else { throw .duplicatePayer(payer.memberID) }
            guard payer.amount > 0 else { throw .nonPositivePayer(payer.memberID) }
            total += Int128(payer.amount)
        }
        guard total == Int128(amount.minorUnits) else {
            throw .payerSumMismatch(sum: Int64(clamping: total), amount: amount.minorUnits, exponent: amount.currency.exponent)
        }
    }
}
