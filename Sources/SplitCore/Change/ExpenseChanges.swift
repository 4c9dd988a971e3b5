/// What an edit changed in an expense, in words, for the activity log: `amount JPY 1800 →
/// 1900`, `category Meal → Hotel`, `split Alex 900 → 950, Bea 900 → 950`.
///
/// The words are made when the edit is written, from the version found and the one stored, so
/// `split log` shows them without keeping both versions readable.
public enum ExpenseChanges {
    /// Each field that differs, in the order the expense is shown; `name` names a member.
    /// Empty when nothing changed.
    public static func list(from old: Expense, to new: Expense, name: (MemberID) -> String) -> [String] {
        var changes: [String] = []
        if old.description != new.description { changes.append("description '\(old.description)' → '\(new.description)'") }
        if old.amount != new.amount {
            let to = old.amount.currency == new.amount.currency ? digits(new.amount.minorUnits, new.amount.currency) : "\(new.amount)"
            changes.append("amount \(old.amount) → \(to)")
        }
        if old.category != new.category { changes.append("category \(old.category.rawValue) → \(new.category.rawValue)") }
        if old.date != new.date { changes.append("date \(old.date) → \(new.date)") }
        let oldPayers = payers(old, name), newPayers = payers(new, name)
        if oldPayers != newPayers { changes.append("paid by \(oldPayers) → \(newPayers)") }
        let shares = sharesChanged(old, new, name)
        if !shares.isEmpty { changes.append("split " + shares.joined(separator: ", ")) }
        switch (old.note, new.note) {
        case (nil, .some): changes.append("note added")
        case (.some, nil): changes.append("note removed")
        case (.some(let a), .some(let b)) where a != b: changes.append("note changed")
        default: break
        }
        return changes
    }

    /// `Alex`, or `Alex 400, Bea 200` when several paid.
    private static func payers(_ expense: Expense, _ name: (MemberID) -> String) -> String {
        guard expense.payers.count > 1 else { return expense.payers.first.map { name($0.memberID) } ?? "" }
        return expense.payers.map { "\(name($0.memberID)) \(digits($0.amount, expense.amount.currency))" }
            .joined(separator: ", ")
    }

    /// `Alex 900 → 950` for each member whose share differs (0 for no share), in name order
    /// (case-insensitive, then id), as shares are listed everywhere.
    private static func sharesChanged(_ old: Expense, _ new: Expense, _ name: (MemberID) -> String) -> [String] {
        func share(_ expense: Expense, _ member: MemberID) -> Int64 {
            expense.splits.lazy.filter { $0.memberID == member }.map(\.amount).reduce(0, +)
        }
        let members = Set((old.splits + new.splits).map(\.memberID))
            .map { (key: name($0).lowercased(), id: $0) }
            .sorted { ($0.key, $0.id.rawValue) < ($1.key, $1.id.rawValue) }
            .map(\.id)
        return members.compactMap { member in
            let before = share(old, member), after = share(new, member)
            guard before != after || old.amount.currency != new.amount.currency else { return nil }
            return "\(name(member)) \(digits(before, old.amount.currency)) → \(digits(after, new.amount.currency))"
        }
    }

    private static func digits(_ minor: Int64, _ currency: Currency) -> String {
        DecimalText.major(minor, exponent: currency.exponent, padded: true)
    }
}
