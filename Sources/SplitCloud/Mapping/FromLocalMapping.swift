import SplitAPI
import SplitCore

/// split-server's one-shot upload between the domain and the contract's schemas: local ids go
/// out, the server's ids for each come back.
enum FromLocalMapping {
    /// `splitGiven`: the server keeps the split as given, named by member localIds.
    static func request(_ trip: FromLocalTrip, splitGiven: Bool) -> Components.Schemas.FromLocalRequest {
        let keep = trip.keepingIDs != nil
        return .init(
            id: trip.keepingIDs?.rawValue, currency: keep ? trip.currency?.code : nil, name: trip.name,
            description: trip.description,
            members: trip.members.map { .init(id: keep ? $0.id.rawValue : nil, localId: $0.id.rawValue, name: $0.name) },
            expenses: trip.expenses.map { expense($0, keepID: keep, splitGiven: splitGiven) })
    }

    private static func expense(_ expense: Expense, keepID: Bool, splitGiven: Bool) -> Components.Schemas.FromLocalExpense {
        let currency = expense.amount.currency
        return .init(
            id: keepID ? expense.id.rawValue : nil, note: keepID ? expense.note : nil,
            createdAt: keepID ? expense.createdAt?.iso8601 : nil, localId: expense.id.rawValue, description: expense.description,
            amount: WireAmount.number(expense.amount.minorUnits, currency), currency: currency.code,
            category: expense.category.wireName, paidByLocalId: expense.leadPayer.rawValue,
            expenseDate: NodeForms.text(expense.date),
            splits: expense.splits.map { split in
                .init(memberLocalId: split.memberID.rawValue, amount: WireAmount.number(split.amount, currency),
                      isPaid: split.isPaid)
            },
            payers: ExpenseMapping.payers(expense)?.map { .init(localId: $0.memberId, amount: $0.amount) },
            splitGiven: SplitGivenMapping.wire(expense, sent: splitGiven))
    }

    static func answer(_ wire: Components.Schemas.FromLocalResponse) -> FromLocalAnswer {
        var members: [MemberID: MemberID] = [:]
        for pair in wire.members { members[MemberID(pair.localId)] = MemberID(pair.id) }
        var expenses: [ExpenseID: ExpenseID] = [:]
        var splits: [ExpenseID: [MemberID: String]] = [:]
        for item in wire.expenses {
            let local = ExpenseID(item.localId)
            expenses[local] = ExpenseID(item.id)
            var shares: [MemberID: String] = [:]
            for split in item.splits { shares[MemberID(split.memberLocalId)] = split.id.lowercased() }
            splits[local] = shares
        }
        return FromLocalAnswer(group: TripID(wire.groupId), members: members, expenses: expenses, splits: splits)
    }
}
