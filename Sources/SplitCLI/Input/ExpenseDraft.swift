/// What a person asked for, before names, amounts and dates are checked: from flags or
/// from one line of a `--batch` file. Nil fields keep the edited expense's value, or take the
/// default for a new expense.
struct ExpenseDraft: Sendable {
    var description: String?
    var amount: String?
    var currency: String?
    var paidBy: String?
    var split: SplitSpec?
    var category: String?
    var date: String?
    var note: String?
}

/// How to split, in the user's words: names and the numbers they typed.
enum SplitSpec: Sendable, Equatable {
    case among([String])
    case exact([NamedValue])
    case percent([NamedValue])
    case shares([NamedValue])

    var flag: String {
        switch self {
        case .among: return "--among"
        case .exact: return "--exact"
        case .percent: return "--percent"
        case .shares: return "--shares"
        }
    }
}

/// `Alex=10` as typed.
struct NamedValue: Sendable, Equatable {
    let name: String
    let value: String
}
