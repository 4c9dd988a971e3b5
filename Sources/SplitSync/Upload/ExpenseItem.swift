import SplitCore
import SplitStore

/// One thing the server will hold as an expense: a local expense, or, on a server without
/// payments (the Node server), a local payment written as an expense, or, on a server that
/// knows one payer per expense, one payer's part of a local expense several members paid.
///
/// `expense` carries local ids; `kind` says which map (`expense` or `payment`) records it,
/// under `localID`: the local item's id, or a ``PayerPartKey`` for a payer's part.
struct ExpenseItem: Sendable {
    let kind: UploadMapKind
    let expense: Expense
    let localID: String

    init(kind: UploadMapKind, expense: Expense, localID: String? = nil) {
        self.kind = kind
        self.expense = expense
        self.localID = localID ?? expense.id.rawValue
    }
}
