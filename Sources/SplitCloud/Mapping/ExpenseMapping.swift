import SplitAPI
import SplitCore

/// Expenses between the domain and the contract's schemas.
///
/// Requests carry amounts as exact JSON numbers (``WireAmount/number(_:_:)``), dates as
/// `YYYY-MM-DD` and paid states only when asked: the Node server ignores `isPaid` on create,
/// split-server honours it.
enum ExpenseMapping {
    static func create(_ expense: Expense, group: TripID, includePaid: Bool) -> Components.Schemas.CreateExpenseRequest {
        let currency = expense.amount.currency
        return .init(
            groupId: group.rawValue, description: expense.description,
            amount: WireAmount.number(expense.amount.minorUnits, currency), currency: currency.code,
            category: expense.category.rawValue, paidByMemberId: expense.paidBy.rawValue,
            expenseDate: NodeForms.text(expense.date), splits: splits(expense, includePaid: includePaid))
    }

    private static func splits(_ expense: Expense, includePaid: Bool) -> [Components.Schemas.SplitInput] {
        expense.splits.map { split in
            .init(memberId: split.memberID.rawValue, amount: WireAmount.number(split.amount, expense.amount.currency),
                  isPaid: includePaid ? split.isPaid : nil)
        }
    }

    /// An expense as a server stores it, with its split ids (lower-cased).
    static func domain(_ wire: Components.Schemas.Expense) throws(MappingError) -> CloudExpense {
        let currency = try WireValues.currency(wire.currency, field: "expense.currency")
        guard let category = Category(rawValue: wire.category) ?? Category(name: wire.category) else {
            throw MappingError("expense.category '\(wire.category)' is not one of \(Category.acceptedList)")
        }
        var splits: [ExpenseSplit] = []
        var splitIDs: [MemberID: String] = [:]
        for (index, split) in wire.splits.enumerated() {
            let member = MemberID(split.memberId)
            let amount = try WireValues.minorUnits(split.amount, currency, field: "expense.splits[\(index)].amount",
                                                   allowingZero: true)
            splits.append(ExpenseSplit(memberID: member, amount: amount, isPaid: split.isPaid))
            splitIDs[member] = split.id.lowercased()
        }
        let expense = Expense(
            id: ExpenseID(wire.id), description: wire.description ?? "",
            amount: Money(minorUnits: try WireValues.minorUnits(wire.amount, currency, field: "expense.amount"),
                          currency: currency),
            category: category, paidBy: MemberID(wire.paidByMemberId),
            date: try WireValues.date(wire.expenseDate, field: "expense.expenseDate"), splits: splits,
            createdAt: Timestamp(iso8601: wire.createdAt))
        return CloudExpense(expense: expense, splitIDs: splitIDs)
    }
}
