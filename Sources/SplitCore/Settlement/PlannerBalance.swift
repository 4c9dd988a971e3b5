/// A non-zero net inside the planner: positive is owed (a creditor), negative owes (a debtor).
///
/// Kept in `Int128` because a caller may list a member twice; the planner merges such entries,
/// and the merged net may not fit `Int64` (see ``PlannerBalance/transfers(from:to:amount:)``).
struct PlannerBalance: Hashable, Sendable {
    let id: MemberID
    var amount: Int128

    /// The transfers that move `amount` from `from` to `to`: one, unless `amount` exceeds
    /// `Int64.max`, which only merged duplicate entries can cause; then it is cut into pieces.
    static func transfers(from: MemberID, to: MemberID, amount: Int128) -> [Transfer] {
        var left = amount
        var result: [Transfer] = []
        while left > 0 {
            let piece = min(left, Int128(Int64.max))
            result.append(Transfer(from: from, to: to, amount: Int64(piece)))
            left -= piece
        }
        return result
    }
}
