/// The field groups of an expense that merge on their own; the raw value is the name
/// `split conflicts` shows.
public enum ExpenseField: String, Hashable, Sendable, CaseIterable {
    case description, amount, category, date, payer, note

    /// Sets this field group of `target` to `source`'s (`split resolve --mine`).
    public func copy(from source: Expense, into target: inout Expense) {
        switch self {
        case .description: target.description = source.description
        case .amount:
            let flags = Dictionary(target.splits.map { ($0.memberID, $0.isPaid) }, uniquingKeysWith: { first, _ in first })
            target.amount = source.amount
            target.splits = source.splits.map { split in
                ExpenseSplit(memberID: split.memberID, amount: split.amount, isPaid: flags[split.memberID] ?? split.isPaid)
            }
        case .category: target.category = source.category
        case .date: target.date = source.date
        case .payer: target.paidBy = source.paidBy
        case .note: target.note = source.note
        }
    }
}
