import SplitCore

/// The order every listing shows members' shares and payers in: name order (the directory's
/// rank, case-insensitive, then id), members the directory does not hold last, by id.
///
/// Each entry carries its rank, found once by the caller, so sorting costs no lookup per
/// comparison; an insertion sort suits the few shares of one expense, and a listing sorts
/// those of 100,000 expenses.
enum NameOrder {
    /// The rank an entry sorts by: a member the directory does not hold comes last.
    static func rank(_ id: MemberID, _ names: MemberDirectory) -> Int { names.rank(of: id) ?? Int.max }

    /// Sorts `entries` in place by rank, then by `id`.
    @inline(__always)
    static func sort<Value>(_ entries: inout [(rank: Int, value: Value)], id: (Value) -> MemberID) {
        guard entries.count > 1 else { return }
        for index in 1..<entries.count {
            let entry = entries[index]
            var slot = index
            while slot > 0, entry.rank != entries[slot - 1].rank
                ? entry.rank < entries[slot - 1].rank : id(entry.value) < id(entries[slot - 1].value) {
                entries[slot] = entries[slot - 1]
                slot -= 1
            }
            entries[slot] = entry
        }
    }
}
