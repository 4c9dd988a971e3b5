/// The provably minimal settle-up plan for at most ``SettlementPlanner/exactLimit`` balances.
///
/// Finds the largest number of disjoint zero-sum groups by dynamic programming over subsets, then
/// settles each group of `k` members with `k − 1` transfers (see ``SettlementPlanner/plan(_:)``).
enum ExactPlanner {
    /// Whether `balances` suit the exact plan: few enough, and every subset sum fits `Int64`
    /// (the sum of magnitudes does), so the DP can add with plain `Int64` arithmetic.
    static func accepts(_ balances: [PlannerBalance]) -> Bool {
        guard balances.count <= SettlementPlanner.exactLimit else { return false }
        var magnitude: Int128 = 0
        for balance in balances { magnitude += balance.amount < 0 ? -balance.amount : balance.amount }
        return magnitude <= Int128(Int64.max)
    }

    /// Transfers clearing `balances`, which ``accepts(_:)`` and which sum to zero.
    static func plan(_ balances: [PlannerBalance]) -> [Transfer] {
        let groups = zeroSumGroups(balances.map { Int64($0.amount) })
        return groups.flatMap { group in GreedyPlanner.largestFirst(group.map { balances[$0] }) }
    }

    /// A partition of the indices of `values` (non-zero, summing to zero) into the largest
    /// possible number of zero-sum groups, each listed in the order its members were removed.
    ///
    /// `sums[mask]` is the sum of the subset `mask`, built from `mask` minus its lowest bit.
    /// `best[mask]` is the largest number of zero-sum prefixes over all orderings of `mask`:
    /// `max over i in mask of best[mask − i]`, plus 1 if `sums[mask]` is 0. Flat arrays and
    /// unsafe buffers keep the 2^20 × 20 inner loop free of allocation and bounds checks.
    static func zeroSumGroups(_ values: [Int64]) -> [[Int]] {
        let count = values.count
        guard count > 0 else { return [] }
        let size = 1 << count
        var sums = [Int64](repeating: 0, count: size)
        var best = [UInt8](repeating: 0, count: size)
        values.withUnsafeBufferPointer { value in
            sums.withUnsafeMutableBufferPointer { sum in
                best.withUnsafeMutableBufferPointer { best in
                    for mask in 1..<size {
                        let total = sum[mask & (mask &- 1)] &+ value[mask.trailingZeroBitCount]
                        sum[mask] = total
                        var top: UInt8 = 0
                        var rest = mask
                        while rest != 0 {
                            let bit = rest & (0 &- rest)
                            let candidate = best[mask ^ bit]
                            if candidate > top { top = candidate }
                            rest ^= bit
                        }
                        best[mask] = total == 0 ? top &+ 1 : top
                    }
                }
            }
        }
        // Walk back from the full set, always removing the lowest index that keeps an optimal
        // ordering; each zero-sum mask met on the way closes the group removed since the last.
        var groups: [[Int]] = []
        var group: [Int] = []
        var mask = size - 1
        while mask != 0 {
            let closes = sums[mask] == 0
            if closes && !group.isEmpty {
                groups.append(group)
                group = []
            }
            let target = best[mask] &- (closes ? 1 : 0)
            var index = mask.trailingZeroBitCount
            while index < count, mask & (1 << index) == 0 || best[mask ^ (1 << index)] != target { index += 1 }
            if index == count { index = mask.trailingZeroBitCount }  // unreachable: some i attains the max
            group.append(index)
            mask ^= 1 << index
        }
        groups.append(group)
        return groups
    }
}
