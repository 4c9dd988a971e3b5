import Foundation
import SplitCore

extension ExpenseRecord {
    /// The stored expense as SplitCore's ``Expense``, so that balances, settlement and the
    /// payer parts of the legacy listing are computed by the code `split` itself runs, and the
    /// shared page lists an itemized bill's items as `split report` does.
    var domain: Expense {
        let payers = hasSeveralPayers
            ? self.payers.map { ExpensePayer(memberID: Self.member($0.memberID), amount: $0.amount) }
            : [ExpensePayer(memberID: Self.member(paidBy), amount: amount.minorUnits)]
        return Expense(
            id: ExpenseID(id.uuidString), description: description, amount: amount,
            category: SplitCore.Category.builtIn(category) ?? SplitCore.Category(rawValue: category), payers: payers, date: date,
            splits: splits.map { ExpenseSplit(memberID: Self.member($0.memberID), amount: $0.amount, isPaid: $0.isPaid) },
            splitGiven: splitGiven)
    }

    /// SplitCore's id of a stored member: the lower-case UUID text, which sorts as PostgreSQL's
    /// uuid order does, so "first by member id" means the same on both sides.
    static func member(_ id: UUID) -> MemberID { MemberID(id.uuidString) }
}
