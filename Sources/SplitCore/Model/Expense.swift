/// Something one member or several paid for, shared among members by exact splits.
///
/// Invariant, checked by ``Expense/validate()``: the splits sum exactly to `amount`, each split
/// is non-negative, and no member appears twice; the payers likewise sum exactly to `amount`,
/// each pays a positive part, and none appears twice.
public struct Expense: Hashable, Sendable {
    public let id: ExpenseID
    public var description: String
    /// The amount. With a single payer, setting it moves that payer's part with it: one payer
    /// always paid the whole amount. With several, set ``payers`` too.
    public var amount: Money {
        didSet { if payers.count == 1 { payers[0].amount = amount.minorUnits } }
    }
    public var category: Category
    /// Who paid, and how much each. Usually one; see ``ExpensePayer``.
    public var payers: [ExpensePayer]
    public var date: CivilDate
    public var note: String?
    public var splits: [ExpenseSplit]
    /// When the expense was first recorded; nil until the store keeps it.
    public var createdAt: Timestamp?
    /// How the split was given (shares, percentages, items…), kept with the expense so that an
    /// edit of the amount on any device divides it the same way and `expense show` can say how.
    /// A hint, never the truth: ``splits`` decide balances, and the rule counts only while it
    /// still gives exactly those splits (``givenRule``). An equal split is never kept (the
    /// splits show it), so it is nil for those and for expenses split by hand elsewhere.
    public var splitGiven: SplitRule? {
        didSet { if splitGiven?.isEqual == true { splitGiven = nil } }
    }

    /// An expense one member paid in full.
    public init(
        id: ExpenseID, description: String, amount: Money, category: Category = .other,
        paidBy: MemberID, date: CivilDate, note: String? = nil, splits: [ExpenseSplit],
        createdAt: Timestamp? = nil, splitGiven: SplitRule? = nil
    ) {
        self.init(id: id, description: description, amount: amount, category: category,
                  payers: [ExpensePayer(memberID: paidBy, amount: amount.minorUnits)], date: date, note: note,
                  splits: splits, createdAt: createdAt, splitGiven: splitGiven)
    }

    /// An expense paid by `payers`, whose amounts must sum to `amount`.
    public init(
        id: ExpenseID, description: String, amount: Money, category: Category = .other,
        payers: [ExpensePayer], date: CivilDate, note: String? = nil, splits: [ExpenseSplit],
        createdAt: Timestamp? = nil, splitGiven: SplitRule? = nil
    ) {
        self.id = id
        self.description = description
        self.amount = amount
        self.category = category
        self.payers = payers
        self.date = date
        self.note = note
        self.splits = splits
        self.createdAt = createdAt
        self.splitGiven = splitGiven?.kept
    }

    /// The split as given while it still gives exactly ``splits`` for ``amount``; nil when
    /// unknown or when anything since (another client, a merge) changed the splits, and the
    /// expense then reads as exact amounts (or equal, when the splits are).
    public var givenRule: SplitRule? {
        guard let splitGiven, splitGiven.reproduces(splits, amount: amount) else { return nil }
        return splitGiven
    }

    /// The split as given when it no longer gives ``splits`` (another client changed them):
    /// kept, and shown as not matching; nil otherwise.
    public var staleSplitGiven: SplitRule? {
        guard let splitGiven, givenRule == nil else { return nil }
        return splitGiven
    }

    /// The one member who paid it all, or nil when several paid. Wire formats that know a
    /// single payer (`paidByMemberId`) and messages read this.
    public var soloPayer: MemberID? { payers.count == 1 ? payers[0].memberID : nil }

    /// The first payer, by member id: what a single-payer field names for an expense with
    /// several (the legacy `paidByMemberId`, the store's `paid_by`).
    public var leadPayer: MemberID { payers.map(\.memberID).min() ?? MemberID("") }

    /// Makes `member` the one payer of the whole amount.
    public mutating func setSolePayer(_ member: MemberID) {
        payers = [ExpensePayer(memberID: member, amount: amount.minorUnits)]
    }

    /// Whether `member` paid any of it.
    public func isPayer(_ member: MemberID) -> Bool { payers.contains { $0.memberID == member } }

    /// Checks the invariant the store and server also enforce.
    public func validate() throws(SplitError) {
        guard amount.minorUnits > 0 else { throw .nonPositiveAmount }
        try PayerAllocator.check(payers, amount: amount)
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
