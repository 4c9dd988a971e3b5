import SplitCore
import SplitJSON

/// `mark-paid`: a member's share of an expense marked paid (or unpaid), or already so.
struct SharePaidMarked: CommandResult {
    let trip: Trip
    let expense: Expense
    let debtor: Member
    let share: ExpenseSplit
    let paid: Bool
    let changed: Bool

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip), "expenseId": .string(expense.id.rawValue), "memberId": .string(debtor.id.rawValue),
            "memberName": .string(debtor.name), "isPaid": .bool(paid), "changed": .bool(changed),
        ])
    }

    var lines: [String] {
        let state = paid ? "paid" : "unpaid"
        let amount = Money(minorUnits: share.amount, currency: expense.amount.currency)
        return [changed
            ? "Marked \(debtor.name)'s share of \(expense.shownDescription) (\(amount)) \(state)."
            : "\(debtor.name)'s share of \(expense.shownDescription) was already \(state)."]
    }
}
