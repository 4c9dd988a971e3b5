import SplitCore
import SplitJSON

/// `expense delete`: the expense that went.
struct ExpenseDeleted: CommandResult {
    let trip: Trip
    let expense: Expense
    let directory: MemberDirectory

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip), "deleted": JSONRendering.expense(expense, directory)]) }
    var lines: [String] { ["Deleted \(expense.shownDescription) (\(expense.amount)). Undo with: split undo"] }
}
