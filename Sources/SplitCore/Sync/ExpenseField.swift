/// The field groups of an expense that merge on their own; the raw value is the name
/// `split conflicts` shows. `amount` carries the splits and the split as given with it.
/// `payer` is who paid and how much each: one group, since the payers' parts must sum to the
/// amount.
public enum ExpenseField: String, Hashable, Sendable, CaseIterable {
    case description, amount, category, date, payer, note

    /// Sets this field group of `target` to `source`'s (`split resolve --mine`).
    public func copy(from source: Expense, into target: inout Expense) {
        switch self {
        case .description: target.description = source.description
        case .amount:
            let flags = Dictionary(target.splits.map { ($0.memberID, $0.isPaid) }, uniquingKeysWith: { first, _ in first })
            target.amount = source.amount
            target.splitGiven = source.splitGiven
            target.splits = source.splits.map { split in
                ExpenseSplit(memberID: split.memberID, amount: split.amount, isPaid: flags[split.memberID] ?? split.isPaid)
            }
            // Several payers' parts must still sum to the new amount; if not, theirs go with it.
            if (try? PayerAllocator.check(target.payers, amount: target.amount)) == nil { target.payers = source.payers }
        case .category: target.category = source.category
        case .date: target.date = source.date
        case .payer:
            // A single payer pays the target's whole amount; several parts bring the amount
            // and shares they were made for, if the target's differ.
            if let solo = source.soloPayer {
                target.setSolePayer(solo)
            } else {
                target.payers = source.payers
                if target.amount != source.amount { ExpenseField.amount.copy(from: source, into: &target) }
            }
        case .note: target.note = source.note
        }
    }
}
