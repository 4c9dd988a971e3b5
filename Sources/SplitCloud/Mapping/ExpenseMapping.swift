import SplitAPI
import SplitCore

/// Expenses between the domain and the contract's schemas.
///
/// Requests carry amounts as exact JSON numbers (``WireAmount/number(_:_:)``), dates as
/// `YYYY-MM-DD` and paid states only when asked: the Node server ignores `isPaid` on create,
/// split-server honours it. Answers are another client's data: they are read by
/// ``ForeignReading``, never refused as a whole.
enum ExpenseMapping {
    /// `includePaid`: the server is split-server, which also takes the paid states and the
    /// expense's own creation time (the Node server ignores both).
    static func create(_ expense: Expense, group: TripID, includePaid: Bool) -> Components.Schemas.CreateExpenseRequest {
        let currency = expense.amount.currency
        return .init(
            createdAt: includePaid ? expense.createdAt?.iso8601 : nil, groupId: group.rawValue, description: expense.description,
            amount: WireAmount.number(expense.amount.minorUnits, currency), currency: currency.code,
            category: expense.category.rawValue, paidByMemberId: expense.leadPayer.rawValue,
            expenseDate: NodeForms.text(expense.date), splits: splits(expense, includePaid: includePaid))
    }

    private static func splits(_ expense: Expense, includePaid: Bool) -> [Components.Schemas.SplitInput] {
        expense.splits.map { split in
            .init(memberId: split.memberID.rawValue, amount: WireAmount.number(split.amount, expense.amount.currency),
                  isPaid: includePaid ? split.isPaid : nil)
        }
    }

    /// An expense as a server lists it, with its split ids (lower-cased).
    static func domain(_ wire: Components.Schemas.Expense) -> CloudExpense {
        var splitIDs: [MemberID: String] = [:]
        for split in wire.splits { splitIDs[MemberID(split.memberId)] = split.id.lowercased() }
        let createdAt = Timestamp(iso8601: wire.createdAt)
        let foreign = ForeignExpense(
            id: ExpenseID(wire.id), description: wire.description, amount: wire.amount, currency: wire.currency,
            category: wire.category, paidBy: MemberID(wire.paidByMemberId), dateText: wire.expenseDate,
            date: NodeForms.date(wire.expenseDate),
            shares: wire.splits.map { .init(memberID: MemberID($0.memberId), amount: $0.amount, isPaid: $0.isPaid) },
            createdAt: createdAt)
        return CloudExpense(id: ExpenseID(wire.id), reading: ForeignReading.expense(foreign), splitIDs: splitIDs,
                            body: WireBody.text(wire), createdAt: createdAt)
    }
}
