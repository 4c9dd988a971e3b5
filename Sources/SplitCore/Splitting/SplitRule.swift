/// How an expense's amount is divided among members.
public enum SplitRule: Hashable, Sendable {
    /// Equal parts among these members.
    case equal([MemberID])
    /// Exact minor-unit amounts; they must sum to the expense amount.
    case exact([MemberAmount])
    /// Percentages in millionths of a percent (100% = 100_000_000); they must sum to 100%.
    case percent([MemberWeight])
    /// Whole-number weights (shares), at least one positive.
    case shares([MemberWeight])
    /// By what each member had (``ItemizedBill``): items, tax, tip and discount.
    case itemized(ItemizedBill)
}

/// A member with an exact minor-unit amount.
public struct MemberAmount: Hashable, Sendable {
    public let memberID: MemberID
    public let amount: Int64
    public init(memberID: MemberID, amount: Int64) {
        self.memberID = memberID
        self.amount = amount
    }
}

/// A member with a non-negative weight (a share count, or a percentage in millionths).
public struct MemberWeight: Hashable, Sendable {
    public let memberID: MemberID
    public let weight: Int64
    public init(memberID: MemberID, weight: Int64) {
        self.memberID = memberID
        self.weight = weight
    }
}
