import SplitCore

/// What makes two expenses the same for reconciliation (``ItemFingerprint``): everything a
/// server stores except ids, creation times, notes and paid states (which an upload sets
/// afterwards, and others may change). Payers and shares are compared in any order.
///
/// Built from an expense in the server's ids (a local one after mapping its members), so a
/// local expense and the server expense it became have equal fingerprints.
struct ExpenseFingerprint: Hashable {
    struct Share: Hashable {
        let member: MemberID
        let amount: Int64
    }

    let description: String
    let amount: Money
    /// As a server that holds only the six has it (``SplitCore/Category/wireName``).
    let category: String
    /// In member order.
    let payers: [ExpensePayer]
    let date: CivilDate
    /// In member order.
    let shares: [Share]

    init(_ expense: Expense) {
        // Servers trim descriptions; split-server stores an empty one as none.
        description = expense.description.trimmingSpaces
        amount = expense.amount
        category = expense.category.wireName
        payers = expense.payers.sorted { $0.memberID < $1.memberID }
        date = expense.date
        shares = expense.splits.map { Share(member: $0.memberID, amount: $0.amount) }.sorted { $0.member < $1.member }
    }
}
