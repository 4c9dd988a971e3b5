import SplitCore
import SplitStore

/// One thing the server will hold as an expense: a local expense, or, on a server without
/// payments (the Node server), a local payment written as an expense.
///
/// `expense` carries local ids; `kind` says which map (`expense` or `payment`) records it.
struct ExpenseItem: Sendable {
    let kind: UploadMapKind
    let expense: Expense

    var localID: String { expense.id.rawValue }
}
