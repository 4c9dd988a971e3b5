import SplitCore

/// An expense as the server stores it: the domain value plus the server's id of each split,
/// which marking a share paid needs (`PATCH /api/expense-splits/:id/payment`).
public struct CloudExpense: Hashable, Sendable {
    public let expense: Expense
    public let splitIDs: [MemberID: String]

    public init(expense: Expense, splitIDs: [MemberID: String]) {
        self.expense = expense
        self.splitIDs = splitIDs
    }
}
