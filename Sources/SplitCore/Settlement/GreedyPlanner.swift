/// The settle-up plan used above ``SettlementPlanner/exactLimit`` non-zero balances.
///
/// 1. **Exact opposites first.** Debtors in member-id order each take the creditor with the same
///    magnitude and the smallest id, if one is left: one transfer clears two people.
/// 2. **Largest first.** Then, repeatedly, the largest remaining debtor pays the largest
///    remaining creditor the smaller of the two magnitudes (ties by smaller id). Each transfer
///    clears at least one side, and the last clears both, so there are at most `n − 1`.
///
/// Not always minimal (`{−4, −3, −3, +4, +6}` takes 4 transfers with step 2 alone, 3 at best),
/// but `O(n log n)` and deterministic.
enum GreedyPlanner {
    /// Transfers clearing `balances`: non-zero, summing to zero, sorted by id, ids distinct.
    static func plan(_ balances: [PlannerBalance]) -> [Transfer] {
        var transfers: [Transfer] = []
        var creditorsByAmount: [Int128: [MemberID]] = [:]
        for balance in balances.reversed() where balance.amount > 0 {
            creditorsByAmount[balance.amount, default: []].append(balance.id)  // smallest id last
        }
        var remaining: [PlannerBalance] = []
        var paired = Set<MemberID>()
        for balance in balances where balance.amount < 0 {
            if let creditor = creditorsByAmount[-balance.amount]?.popLast() {
                transfers += PlannerBalance.transfers(from: balance.id, to: creditor, amount: -balance.amount)
                paired.insert(creditor)
            } else {
                remaining.append(balance)
            }
        }
        remaining += balances.filter { $0.amount > 0 && !paired.contains($0.id) }
        transfers += largestFirst(remaining)
        return transfers
    }

    /// Step 2 alone: largest debtor pays largest creditor until all are clear. Also settles each
    /// group of the exact plan, where it needs exactly `k − 1` transfers for `k` members.
    static func largestFirst(_ balances: [PlannerBalance]) -> [Transfer] {
        var debtors = BalanceHeap(balances.filter { $0.amount < 0 }.map { PlannerBalance(id: $0.id, amount: -$0.amount) })
        var creditors = BalanceHeap(balances.filter { $0.amount > 0 })
        var transfers: [Transfer] = []
        while var debtor = debtors.pop(), var creditor = creditors.pop() {
            let amount = min(debtor.amount, creditor.amount)
            transfers += PlannerBalance.transfers(from: debtor.id, to: creditor.id, amount: amount)
            debtor.amount -= amount
            creditor.amount -= amount
            if debtor.amount > 0 { debtors.push(debtor) }
            if creditor.amount > 0 { creditors.push(creditor) }
        }
        return transfers
    }
}
