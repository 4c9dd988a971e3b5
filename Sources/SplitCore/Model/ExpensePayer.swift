/// One member's part of paying an expense, in the expense's minor units.
///
/// An expense has one payer or more; their amounts are positive and sum exactly to the
/// expense's amount (``Expense/validate()``). "Ann and Ben paid the hotel" is one expense with
/// two payers, not two expenses.
public struct ExpensePayer: Hashable, Sendable {
    public let memberID: MemberID
    public var amount: Int64

    public init(memberID: MemberID, amount: Int64) {
        self.memberID = memberID
        self.amount = amount
    }
}
