/// One member's share of an expense, in the expense's minor units.
public struct ExpenseSplit: Hashable, Sendable {
    public let memberID: MemberID
    public var amount: Int64
    /// True once the member has paid this share back to the expense's payer.
    public var isPaid: Bool

    public init(memberID: MemberID, amount: Int64, isPaid: Bool = false) {
        self.memberID = memberID
        self.amount = amount
        self.isPaid = isPaid
    }
}
