/// What a person asked for, before names, amounts and dates are checked: from flags or
/// from one line of a `--batch` file. Nil fields keep the edited expense's value, or take the
/// default for a new expense.
struct ExpenseDraft: Sendable {
    var description: String?
    var amount: String?
    var currency: String?
    var payers: PayerSpec?
    var split: SplitSpec?
    var category: String?
    var date: String?
    var note: String?
}

/// Who paid, in the user's words.
enum PayerSpec: Sendable, Equatable {
    /// `--paid-by` as typed: `Ann`, `Ann,Ben` (equal parts) or `Ann=30,Ben=20` (exact parts).
    /// Read by ``ExpenseBuilder``, which knows the members: a name that itself contains a
    /// comma or `=` is still one payer.
    case typed(String)
    /// A batch line's `{"Ann": 3000, "Ben": 2000}`.
    case amounts([NamedValue])
}

/// How to split, in the user's words: names and the numbers they typed.
enum SplitSpec: Sendable, Equatable {
    case among([String])
    case exact([NamedValue])
    case percent([NamedValue])
    case shares([NamedValue])
    /// An itemized bill: `--item` lines, the extras, and `--among` for items naming nobody.
    case items(ItemsSpec)

    /// Whether it is an itemized bill, whose amount may be left out.
    var isItems: Bool {
        if case .items = self { return true }
        return false
    }

    var flag: String {
        switch self {
        case .items: return "--item"
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

/// An itemized bill as typed: `--item NAME=PRICE[:A,B]` lines, `--tax`, `--tip` and
/// `--discount` (an amount, `X%`, or for the tip `rest`), and `--among` for items that name
/// nobody (nil: everyone).
struct ItemsSpec: Sendable, Equatable {
    struct Item: Sendable, Equatable {
        let name: String
        let price: String
        let members: [String]
    }

    var items: [Item]
    var among: [String]?
    var tax: String?
    var tip: String?
    var discount: String?
}
