/// Turns a ``SplitRule`` into exact splits that always sum to the amount.
///
/// Equal, percent and shares modes all allocate by weight with the largest-remainder method
/// (``LargestRemainder``): each member first gets `floor(amount × weight / totalWeight)`; the
/// units left over go one each to the members with the largest remainders
/// `amount × weight mod totalWeight`.
/// **Tie-break:** equal remainders go to the member who comes earlier in the rule's list (the
/// one tie rule of ``LargestRemainder``: earlier in the order passed). Callers
/// that want an order independent of how the user typed the names sort the list first (the CLI
/// sorts by member name, case-insensitively, then by id).
///
/// Every share is therefore the exact proportional value rounded down or up, never further off
/// than one minor unit, and a member with weight 0 gets 0 (they still appear in the result).
/// Products and totals are computed in `Int128`, so no weight or amount can overflow.
///
/// Checks, in order: amount > 0 (``SplitError/nonPositiveAmount``), a non-empty list
/// (``SplitError/noParticipants``), no member twice (``SplitError/duplicateMember(_:)``), then
/// the mode's own rules: shares ≥ 0 with a positive total, percentages ≥ 0 summing to exactly
/// 100%, exact amounts ≥ 0 summing to exactly the amount. Splits come back in the rule's list
/// order, none marked paid.
public enum SplitAllocator {
    /// The largest share weight ``parseShares(_:)`` accepts.
    public static let maxShares: Int64 = 1_000_000

    /// 100% in millionths of a percent, the unit of ``SplitRule/percent(_:)`` weights.
    public static let fullPercent: Int64 = 100_000_000

    public static func splits(amount: Money, rule: SplitRule) throws(SplitError) -> [ExpenseSplit] {
        guard amount.minorUnits > 0 else { throw .nonPositiveAmount }
        switch rule {
        case .equal(let members):
            try checkMembers(members)
            return allocate(amount.minorUnits, members: members, weights: members.map { _ in 1 })
        case .shares(let weights):
            try checkMembers(weights.map(\.memberID))
            for entry in weights where entry.weight < 0 { throw .malformedShares(String(entry.weight)) }
            guard weights.contains(where: { $0.weight > 0 }) else { throw .zeroTotalShares }
            return allocate(amount.minorUnits, members: weights.map(\.memberID), weights: weights.map(\.weight))
        case .percent(let weights):
            try checkMembers(weights.map(\.memberID))
            var total: Int128 = 0
            for entry in weights {
                guard entry.weight >= 0 else { throw .malformedPercent(DecimalText.major(entry.weight, exponent: 6)) }
                total += Int128(entry.weight)
            }
            guard total == Int128(fullPercent) else { throw .percentSumMismatch(sum: Int64(clamping: total)) }
            return allocate(amount.minorUnits, members: weights.map(\.memberID), weights: weights.map(\.weight))
        case .exact(let amounts):
            try checkMembers(amounts.map(\.memberID))
            var total: Int128 = 0
            for entry in amounts {
                guard entry.amount >= 0 else { throw .negativeShare(entry.memberID) }
                total += Int128(entry.amount)
            }
            guard total == Int128(amount.minorUnits) else {
                throw .exactSumMismatch(
                    sum: Int64(clamping: total), amount: amount.minorUnits, exponent: amount.currency.exponent)
            }
            return amounts.map { ExpenseSplit(memberID: $0.memberID, amount: $0.amount) }
        case .itemized(let bill):
            return try bill.breakdown(amount: amount.minorUnits, exponent: amount.currency.exponent).shares.map {
                ExpenseSplit(memberID: $0.memberID, amount: $0.amount)
            }
        }
    }

    /// Parses a percentage such as `33.333333` into millionths of a percent (`33_333_333`).
    ///
    /// Same strict syntax as amounts (digits, optional `.digits`; trailing zeros are fine), at
    /// most 6 significant decimals, from 0 to 100 inclusive; anything else is
    /// ``SplitError/malformedPercent(_:)``.
    public static func parsePercent(_ text: String) throws(SplitError) -> Int64 {
        guard let literal = AmountParser.Literal(text), literal.fraction.count <= 6,
              let value = literal.scaled(by: 6, limit: fullPercent) else {
            throw .malformedPercent(text)
        }
        return value
    }

    /// Parses a share weight: a whole number from 0 to ``maxShares``, digits only (`2`, not `2.0`).
    public static func parseShares(_ text: String) throws(SplitError) -> Int64 {
        guard let literal = AmountParser.Literal(text), !literal.hasPoint,
              let value = literal.scaled(by: 0, limit: maxShares) else {
            throw .malformedShares(text)
        }
        return value
    }

    /// Refuses an empty list and the first member listed twice.
    private static func checkMembers(_ members: [MemberID]) throws(SplitError) {
        guard !members.isEmpty else { throw .noParticipants }
        var seen = Set<MemberID>()
        for member in members where !seen.insert(member).inserted { throw .duplicateMember(member) }
    }

    /// `amount` split by ``LargestRemainder`` in proportion to non-negative `weights` with a
    /// positive total, equal remainders going to the member listed earlier.
    private static func allocate(_ amount: Int64, members: [MemberID], weights: [Int64]) -> [ExpenseSplit] {
        // Int64 × Int64 always fits Int128, and the weights were checked, so a split exists;
        // each share is at most the amount, so it fits Int64 again.
        let shares = LargestRemainder.split(Int128(amount), weights: weights.map { Int128($0) }) ?? []
        return zip(members, shares).map { ExpenseSplit(memberID: $0, amount: Int64($1)) }
    }
}
