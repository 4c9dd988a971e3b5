/// A binary max-heap of balances by magnitude, ties to the smaller member id.
///
/// Gives the greedy matching its "largest first" in `O(log n)` per step, so even thousands of
/// balances settle quickly, and its tie rule makes the result independent of input order.
struct BalanceHeap {
    /// Entries hold magnitudes (always positive), whatever side they are on.
    private var items: [PlannerBalance] = []

    init(_ balances: [PlannerBalance]) {
        for balance in balances { push(balance) }
    }

    var isEmpty: Bool { items.isEmpty }

    mutating func push(_ balance: PlannerBalance) {
        items.append(balance)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> PlannerBalance? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                var best = parent
                let left = 2 * parent + 1, right = left + 1
                if left < items.count, Self.precedes(items[left], items[best]) { best = left }
                if right < items.count, Self.precedes(items[right], items[best]) { best = right }
                guard best != parent else { break }
                items.swapAt(parent, best)
                parent = best
            }
        }
        return top
    }

    /// Larger magnitude first; equal magnitudes by member id, ascending.
    private static func precedes(_ lhs: PlannerBalance, _ rhs: PlannerBalance) -> Bool {
        lhs.amount != rhs.amount ? lhs.amount > rhs.amount : lhs.id < rhs.id
    }
}
