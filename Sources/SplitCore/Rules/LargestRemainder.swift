/// The one way split divides a whole number of units into parts that must add up exactly:
/// the largest-remainder method (Hamilton's method).
///
/// 1. Each entry has an exact quota, a fraction `numerator / denominator` (or its share of the
///    total in proportion to a weight).
/// 2. Each part starts at the floor of its quota.
/// 3. The units still missing from the total go one each to the entries with the largest
///    remainders (quota minus floor).
///
/// So every part is the floor of its quota or one more, the parts sum exactly to the total,
/// and an entry whose quota is whole (a weight of zero, say) never gains a unit.
///
/// **Ties.** Entries with equal remainders are served in the order the caller passes them:
/// the earlier entry gets the unit. This is the only tie rule; each caller decides what
/// "earlier" means by the order it passes, and says so where it does:
/// - splits (``SplitAllocator``): the rule's member list, which the CLI sorts by name
///   (case-insensitive), then id;
/// - payers' parts (``PayerParts``, through ``Apportion``): shares in member-id order;
/// - converted balances (``CurrencyConverter``, through ``Apportion``): members in the order
///   the balances list them;
/// - float repairs (``FloatAmounts/repair(_:floats:total:currency:)``): the shares as written
///   when units are added, last first when they are taken, so a tie changes the earlier share;
/// - Splitwise payers' own shares: the file's column order.
///
/// Quotas and products are `Int128`, so any `Int64` amount times any `Int64` weight is exact.
public enum LargestRemainder {
    /// Splits `total` units by the exact quotas `numerators[i] / denominator`.
    ///
    /// - Parameters:
    ///   - total: the units to hand out, any sign. It must lie between the sum of the floors of
    ///     the quotas and that sum plus the number of entries: true whenever `total` is the
    ///     quotas' exact sum, or that sum rounded (half to even, ``Rounding``) when it is not
    ///     whole.
    ///   - numerators: the quotas times `denominator`; any sign.
    ///   - denominator: positive.
    /// - Returns: one part per quota, in the same order.
    public static func split(_ total: Int128, quotas numerators: [Int128], over denominator: Int128) -> [Int128] {
        var parts: [Int128] = []
        var remainders: [Int128] = []
        parts.reserveCapacity(numerators.count)
        remainders.reserveCapacity(numerators.count)
        var floorTotal: Int128 = 0
        for numerator in numerators {
            let (quotient, remainder) = Rounding.floorDivide(numerator, by: denominator)
            parts.append(quotient)
            remainders.append(remainder)
            floorTotal += quotient
        }
        let leftover = total - floorTotal
        precondition(leftover >= 0 && leftover <= Int128(numerators.count),
                     "largest remainder: \(total) is not within one unit per entry of the quotas")
        guard leftover > 0 else { return parts }
        // Stable order: larger remainder first, then the earlier entry.
        let order = numerators.indices.sorted { lhs, rhs in
            remainders[lhs] != remainders[rhs] ? remainders[lhs] > remainders[rhs] : lhs < rhs
        }
        for index in order.prefix(Int(leftover)) { parts[index] += 1 }
        return parts
    }

    /// Splits `total` units in proportion to `weights`: entry `i`'s quota is
    /// `total × weights[i] / sum of weights`.
    ///
    /// - Parameters:
    ///   - total: the units to hand out, any sign.
    ///   - weights: zero or more each, with a positive sum.
    /// - Returns: one part per weight, in the same order; nil when the weights are not all zero
    ///   or more with a positive sum, or when `total × weight` overflows `Int128`.
    public static func split(_ total: Int128, weights: [Int128]) -> [Int128]? {
        var sum: Int128 = 0
        var numerators: [Int128] = []
        numerators.reserveCapacity(weights.count)
        for weight in weights {
            guard weight >= 0 else { return nil }
            let (next, overflow) = sum.addingReportingOverflow(weight)
            let (product, productOverflow) = total.multipliedReportingOverflow(by: weight)
            guard !overflow, !productOverflow else { return nil }
            sum = next
            numerators.append(product)
        }
        guard sum > 0 else { return nil }
        return split(total, quotas: numerators, over: sum)
    }
}
