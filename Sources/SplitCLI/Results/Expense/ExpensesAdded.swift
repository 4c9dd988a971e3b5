import SplitCore
import SplitJSON

/// `add-expense`: the expenses as stored, with the backend's ids and creation time, as
/// `split expenses --json` shows them; an itemized bill's items ride along in `--json`.
struct ExpensesAdded: CommandResult {
    let trip: Trip
    let me: MemberID?
    let expenses: [Expense]
    let directory: MemberDirectory
    /// The split as given of each expense that keeps one.
    let rules: [ExpenseID: SplitRule]
    /// A repeat, a Node server's parts, its items: each one line for stderr.
    let notes: [String]

    var json: JSONValue {
        .object(["trip": JSONRendering.trip(trip), "me": JSONRendering.string(me?.rawValue),
                 "expenses": .array(expenses.map { expense in
                     ItemsJSON.adding(rules[expense.id], to: JSONRendering.expense(expense, directory), expense, directory)
                 })])
    }

    var lines: [String] {
        guard expenses.count == 1, let expense = expenses.first else { return ["Added \(expenses.count) expenses to \(trip.name)."] }
        let shares = expense.splits.map { "\(directory.name(of: $0.memberID)) \(Amounts.text($0.amount, expense.amount.currency))" }
        return ["Added \(expense.description): \(expense.amount) paid by \(Amounts.payers(expense, directory)) "
                + "[\(shares.joined(separator: ", "))] id \(expense.id.short)"]
    }
}
