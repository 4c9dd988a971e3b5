import SplitAPI
import SplitCore

/// Expenses between the domain and the contract's schemas.
///
/// Requests carry amounts as exact JSON numbers (``WireAmount/number(_:_:)``), dates as
/// `YYYY-MM-DD` and paid states only when asked: the Node server ignores `isPaid` on create,
/// split-server honours it. An expense several members paid carries `payers` (split-server's
/// extension) with the first payer by member id as `paidByMemberId`; one a single member paid
/// carries no `payers`, so requests to the Node server stay as they were. Answers are another
/// client's data: they are read by ``ForeignReading``, never refused as a whole.
enum ExpenseMapping {
    /// `includePaid`: the server is split-server, which also takes the paid states and the
    /// expense's own creation time (the Node server ignores both).
    /// `includeSplitGiven`: the server keeps the split as given (``SplitGivenMapping``).
    static func create(_ expense: Expense, group: TripID, includePaid: Bool,
                       includeSplitGiven: Bool = false) -> Components.Schemas.CreateExpenseRequest {
        let currency = expense.amount.currency
        return .init(
            createdAt: includePaid ? expense.createdAt?.iso8601 : nil, groupId: group.rawValue, description: expense.description,
            amount: WireAmount.number(expense.amount.minorUnits, currency), currency: currency.code,
            category: expense.category.wireName, paidByMemberId: expense.leadPayer.rawValue,
            expenseDate: NodeForms.text(expense.date), splits: splits(expense, includePaid: includePaid),
            payers: payers(expense), splitGiven: SplitGivenMapping.wire(expense, sent: includeSplitGiven))
    }

    /// `payers` for an expense several members paid, in member-id order; nil (left out) when
    /// one member paid it all.
    static func payers(_ expense: Expense) -> [Components.Schemas.ExpensePayer]? {
        guard expense.payers.count > 1 else { return nil }
        return expense.payers.sorted { $0.memberID < $1.memberID }.map { payer in
            .init(memberId: payer.memberID.rawValue, amount: WireAmount.number(payer.amount, expense.amount.currency))
        }
    }

    /// What a server's `payers` says, for ``ForeignReading``; nil when it sent none.
    static func foreignPayers(_ wire: [Components.Schemas.ExpensePayer]?) -> [ForeignExpense.Payer]? {
        wire.map { payers in payers.map { ForeignExpense.Payer(memberID: MemberID($0.memberId), amount: $0.amount) } }
    }

    private static func splits(_ expense: Expense, includePaid: Bool) -> [Components.Schemas.SplitInput] {
        expense.splits.map { split in
            .init(memberId: split.memberID.rawValue, amount: WireAmount.number(split.amount, expense.amount.currency),
                  isPaid: includePaid ? split.isPaid : nil)
        }
    }

    /// The expenses of a listing: the rows of one expense several members paid regrouped
    /// (``ListingRows``), each read as below.
    static func domain(listing rows: [Components.Schemas.Expense]) -> [CloudExpense] {
        ListingRows.expenses(rows).map(domain)
    }

    /// An expense as a server lists it, with its split ids (lower-cased).
    static func domain(_ wire: Components.Schemas.Expense) -> CloudExpense {
        var splitIDs: [MemberID: String] = [:]
        for split in wire.splits { splitIDs[MemberID(split.memberId)] = split.id.lowercased() }
        let createdAt = Timestamp(iso8601: wire.createdAt)
        let foreign = ForeignExpense(
            id: ExpenseID(wire.id), description: wire.description, amount: wire.amount, currency: wire.currency,
            category: wire.category, paidBy: MemberID(wire.paidByMemberId), payers: foreignPayers(wire.payers),
            dateText: wire.expenseDate, date: NodeForms.date(wire.expenseDate),
            shares: wire.splits.map { .init(memberID: MemberID($0.memberId), amount: $0.amount, isPaid: $0.isPaid) },
            createdAt: createdAt)
        return CloudExpense(id: ExpenseID(wire.id), reading: SplitGivenMapping.reading(ForeignReading.expense(foreign), wire.splitGiven),
                            splitIDs: splitIDs,
                            body: WireBody.text(wire), createdAt: createdAt)
    }
}
