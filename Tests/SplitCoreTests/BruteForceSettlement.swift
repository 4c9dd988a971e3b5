/// An independent reference for the fewest transfers: classic backtracking over debts.
///
/// Takes the first unsettled person and tries every way of letting one opposite-signed person
/// absorb their whole balance (one transfer), recursing on the rest. Some optimal plan always
/// has this shape, so the search is exact; it shares no code or theory with the subset DP.
enum BruteForceSettlement {
    static func minimumTransfers(_ nets: [Int64]) -> Int {
        var debts = nets.filter { $0 != 0 }
        return search(&debts, from: 0)
    }

    private static func search(_ debts: inout [Int64], from start: Int) -> Int {
        var first = start
        while first < debts.count && debts[first] == 0 { first += 1 }
        guard first < debts.count else { return 0 }
        var best = Int.max
        var tried = Set<Int64>()
        for other in (first + 1)..<debts.count
            where (debts[other] > 0) != (debts[first] > 0) && debts[other] != 0 && tried.insert(debts[other]).inserted {
            debts[other] += debts[first]
            best = min(best, 1 + search(&debts, from: first + 1))
            debts[other] -= debts[first]
        }
        return best
    }
}
