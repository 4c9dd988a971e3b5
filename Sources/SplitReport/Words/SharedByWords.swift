import SplitCore

/// Who shared an expense and how, in the few words a report puts beside who paid: `Ana, Carla`
/// for an equal split, `Ana, Beto, Carla (shares 2:1:1)`, `Ana, Beto (50%, 50%)`,
/// `Ana, Beto (items)` or `Ana, Beto (exact amounts)`.
///
/// The names are those with a part of the expense, in name order, so a taxi shared by two of
/// three friends never reads as everyone's. A kept rule speaks only while it still gives the
/// expense's shares (``SplitCore/Expense/givenRule``), as everywhere else.
public enum SharedByWords {
    /// How the expense is divided, for the words and the JSON.
    public enum Mode: String, Sendable {
        case equal, shares, percent, items, exact
    }

    /// The members who share `expense`, in name order, with how it is divided.
    public static func sharing(_ expense: Expense, _ names: MemberDirectory) -> (members: [MemberID], mode: Mode, parts: [String]) {
        switch expense.givenRule {
        case .shares(let weights)?:
            let kept = weights.filter { $0.weight > 0 }.sorted { names.inNameOrder($0.memberID, $1.memberID) }
            return (kept.map(\.memberID), .shares, kept.map { String($0.weight) })
        case .percent(let weights)?:
            let kept = weights.filter { $0.weight > 0 }.sorted { names.inNameOrder($0.memberID, $1.memberID) }
            return (kept.map(\.memberID), .percent, kept.map { DecimalText.major($0.weight, exponent: 6) + "%" })
        case .itemized?:
            return (names.sortedByName(expense.splits.filter { $0.amount > 0 }.map(\.memberID)), .items, [])
        case .equal?, .exact?, nil:
            let everyone = names.sortedByName(expense.splits.map(\.memberID))
            if SplitRule.equal(everyone).reproduces(expense.splits, amount: expense.amount) { return (everyone, .equal, []) }
            return (names.sortedByName(expense.splits.filter { $0.amount > 0 }.map(\.memberID)), .exact, [])
        }
    }

    /// `Ana, Beto, Carla (shares 2:1:1)`; just the names for an equal split.
    public static func text(_ expense: Expense, _ names: MemberDirectory) -> String {
        let (members, mode, parts) = sharing(expense, names)
        let who = members.map { names.name(of: $0) }.joined(separator: ", ")
        switch mode {
        case .equal: return who
        case .shares: return who + " (shares " + parts.joined(separator: ":") + ")"
        case .percent: return who + " (" + parts.joined(separator: ", ") + ")"
        case .items: return who + " (items)"
        case .exact: return who + " (exact amounts)"
        }
    }

    /// Who paid: `Ana`, or `Ana, Beto` when several did.
    public static func paidBy(_ expense: Expense, _ names: MemberDirectory) -> String {
        expense.payers.map { names.name(of: $0.memberID) }.joined(separator: ", ")
    }
}
