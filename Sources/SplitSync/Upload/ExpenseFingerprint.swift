import SplitCore

/// What makes two expenses the same for reconciliation: everything a server stores except
/// ids, creation times and paid states (which an upload sets afterwards, and others may change).
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
    let category: Category
    /// In member order.
    let payers: [ExpensePayer]
    let date: CivilDate
    /// In member order.
    let shares: [Share]

    init(_ expense: Expense) {
        // Servers trim descriptions; split-server stores an empty one as none.
        description = expense.description.trimmingSpaces
        amount = expense.amount
        category = expense.category
        payers = expense.payers.sorted { $0.memberID < $1.memberID }
        date = expense.date
        shares = expense.splits.map { Share(member: $0.memberID, amount: $0.amount) }.sorted { $0.member < $1.member }
    }
}

/// What makes two payments the same for reconciliation (split-server stores payments).
struct PaymentFingerprint: Hashable {
    let from: MemberID
    let to: MemberID
    let amount: Money
    let date: CivilDate
    let note: String

    init(_ payment: Payment) {
        from = payment.from
        to = payment.to
        amount = payment.amount
        date = payment.date
        note = payment.note?.trimmingSpaces ?? ""
    }
}
