extension FloatAmounts {
    /// Adjusts `shares`, the written `floats` read by ``minorUnits(_:currency:)``, so they sum
    /// exactly to `total`, by ``LargestRemainder``. Returns nil when no repair was needed or
    /// none exists; shares never go below zero.
    ///
    /// **Off by at most one minor unit per share** (float shares such as 333.33 × 3, the repair
    /// sync and import share): each share keeps its rounding and moves by at most one unit.
    /// The missing units go to the shares that rounding moved down the most, the excess units
    /// come from those it moved up the most (never from a share of zero). That is largest
    /// remainder over quotas whose floors are the rounded shares (one less when taking) and
    /// whose remainders grow with how far rounding went down.
    ///
    /// **Further off**, or more units to take than there are non-zero shares (the import asks
    /// for this: it has nowhere to hold an expense): `total` is divided in proportion to the
    /// written shares (equally when they are all zero), so shares over the amount are scaled
    /// down.
    ///
    /// **Ties** change the earlier share: shares short of the total are passed as written,
    /// so the earlier share gains the unit (JPY 1000 as 333.33 × 3 reads 334, 333, 333); shares
    /// over it are passed last first, so the earlier share gives the unit up (JPY 1000 as
    /// 334 × 3 reads 333, 333, 334). Written shares weigh in to a millionth of a minor unit.
    public static func repair(_ shares: [Int64], floats: [Double], total: Int64, currency: Currency) -> [Int64]? {
        guard !shares.isEmpty, shares.count == floats.count, total >= 0,
              shares.allSatisfy({ $0 >= 0 }) else { return nil }
        let sum = shares.reduce(Int128(0)) { $0 + Int128($1) }
        let difference = Int128(total) - sum
        guard difference != 0 else { return nil }
        let fine = Int128(1_000_000)  // parts of a minor unit the written shares are read to
        var written: [Int128] = []
        for float in floats {
            guard let value = scaledDecimal(float, by: Int128(currency.minorPerMajor) * fine) else { return nil }
            written.append(value)
        }
        // Ties change the earlier share: adding, earlier first; taking, later first keeps.
        let order = difference > 0 ? Array(shares.indices) : shares.indices.reversed()
        var parts: [Int128]?
        if difference.magnitude <= UInt128(shares.count) {
            parts = nudge(order.map { shares[$0] }, written: order.map { written[$0] }, fine: fine, total: Int128(total))
        }
        if parts == nil {
            var weights = order.map { max(0, written[$0]) }
            if weights.allSatisfy({ $0 == 0 }) { weights = weights.map { _ in 1 } }
            parts = LargestRemainder.split(Int128(total), weights: weights)
        }
        guard let parts else { return nil }
        var result = shares
        for (part, index) in zip(parts, order) { result[index] = Int64(part) }
        return result
    }

    /// Moves each rounded share by at most one unit to reach `total`: largest remainder with
    /// each share's floor at its rounding (one below when taking, for the shares that can give)
    /// and a remainder `(written − rounded + ½)/2` in `[0, ½]`, in units of `fine`, so that the
    /// share rounding moved down the most comes first. Nil when too few shares can give.
    private static func nudge(_ shares: [Int64], written: [Int128], fine: Int128, total: Int128) -> [Int128]? {
        let adding = total > shares.reduce(Int128(0)) { $0 + Int128($1) }
        // A share of zero never gives: it stays out, and so does what it holds.
        let movable = shares.indices.filter { adding || shares[$0] > 0 }
        let fixed = shares.indices.filter { !movable.contains($0) }.reduce(Int128(0)) { $0 + Int128(shares[$1]) }
        let denominator = 2 * fine
        let quotas = movable.map { index -> Int128 in
            let floor = Int128(shares[index]) - (adding ? 0 : 1)
            // How far rounding went down, clamped to the half unit a rounding can move.
            let down = min(max(written[index] - Int128(shares[index]) * fine, -fine / 2), fine / 2)
            return floor * denominator + (down + fine / 2)
        }
        let floors = quotas.reduce(Int128(0)) { $0 + $1 / denominator }
        let target = total - fixed
        guard target >= floors, target - floors <= Int128(movable.count) else { return nil }
        var result = shares.map { Int128($0) }
        for (index, part) in zip(movable, LargestRemainder.split(target, quotas: quotas, over: denominator)) {
            result[index] = part
        }
        return result
    }
}
