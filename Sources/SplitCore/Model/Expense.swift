/// Something one member paid for, shared among members by exact splits.
///
/// Invariant, checked by ``Expense/validate()``: the splits sum exactly to `amount`, each split
/// is non-negative, and no member appears twice.
public struct Expense: Hashable, Sendable {
    public let id: ExpenseID
    public var description: String
    public var amount: Money
    public var category: Category
    public var paidBy: MemberID
    public var date: CivilDate
    public var note: String?
    public var splits: [ExpenseSplit]
    /// When the expense was first recorded; nil until the store keeps it.
    public var createdAt: Timestamp?

    public init(
        id: ExpenseID, description: String, amount: Money, category: Category = .other,
        paidBy: MemberID, date: CivilDate, note: String? = nil, splits: [ExpenseSplit],
        createdAt: Timestamp? = nil
    ) {
        self.id = id
        self.description = description
        self.amount = amount
        self.category = category
        self.paidBy = paidBy
        self.date = date
        self.note = note
        self.splits = splits
        self.createdAt = createdAt
    }

    /// Checks the invariant the store and server also enforce.
    public func validate() throws(SplitError) {
        guard amount.minorUnits > 0 else { throw .nonPositiveAmount }
        var seen = Set<MemberID>()
        var total: Int128 = 0
        for split in splits {
            guard split.amount >= 0 else { throw .negativeShare(split.memberID) }
            guard seen.insert(split.memberID).inserted else { throw .duplicateMember(split.memberID) }
            total += Int128(split.amount)
        }
        guard !splits.isEmpty else { throw .noParticipants }
        guard total == Int128(amount.minorUnits) else {
            throw .exactSumMismatch(
                sum: Int64(clamping: total), amount: amount.minorUnits, exponent: amount.currency.exponent)
        }
    }
}
