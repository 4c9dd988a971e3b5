/// The help of the ``ExpenseFlags`` whose meaning when left out depends on the command.
protocol ExpenseFlagsHelp {
    static var paidBy: String { get }
    static var currency: String { get }
    static var category: String { get }
    static var date: String { get }
    static var note: String { get }
}

/// `add-expense`: a flag left out takes its default.
enum AddExpenseFlagsHelp: ExpenseFlagsHelp {
    static let paidBy = "Who paid (name or id); you, when left out and set (split member me). Several: A,B pay equal parts; "
        + "A=30,B=20 exact parts that add up to the amount."
    static let currency = "Currency of the amount (default: the trip's)."
    static let category = "One of the trip's categories, any case (split category list; a new trip has Meal, Transport, Tickets, "
        + "Shopping, Hotel and Other). Default: the default.category preference, else Other."
    static let date = "When it happened: \(DateInput.forms) (default: today)."
    static let note = "A free-text note."
}

/// `expense edit`: a flag left out keeps the expense's value.
enum EditExpenseFlagsHelp: ExpenseFlagsHelp {
    static let paidBy = "New payers (name or id). Several: A,B pay equal parts; A=30,B=20 exact parts that add up to the "
        + "amount. Left out: the same payers."
    static let currency = "New currency; give --amount with it. Left out: unchanged."
    static let category = "New category, one of the trip's (split category list). Left out: unchanged."
    static let date = "New date: \(DateInput.forms). Left out: unchanged."
    static let note = "New note (\"\" removes it). Left out: unchanged."
}

/// `recurring edit`: a flag left out keeps the rule's value.
enum EditRecurringFlagsHelp: ExpenseFlagsHelp {
    static let paidBy = "New payers (name or id). Several: A,B pay equal parts; A=30,B=20 exact parts that add up to the "
        + "amount. Left out: the same payers."
    static let currency = "New currency; give --amount with it. Left out: unchanged."
    static let category = "New category, one of the trip's (split category list). Left out: unchanged."
    static let date = "Not taken: the dates come from --every and --on."
    static let note = "New note (\"\" removes it). Left out: unchanged."
}
