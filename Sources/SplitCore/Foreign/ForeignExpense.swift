/// An expense as another client left it on a server: amounts as the JSON numbers it wrote,
/// free text of any length, and shares nobody checked.
///
/// The Node server checks almost nothing and the iOS app computes shares in `Double`, so a
/// server may hold JPY 1000 shared 333.33 × 3, shares that sum to less or more than the
/// amount, no shares at all, or a share for a member of another group. ``ForeignReading``
/// turns this into an ``Expense`` split can hold, repaired by a documented rule, or says why
/// there is no sound reading. The `Double`s stop here: this is the wire's edge.
public struct ForeignExpense: Hashable, Sendable {
    public struct Share: Hashable, Sendable {
        public var memberID: MemberID
        public var amount: Double
        public var isPaid: Bool

        public init(memberID: MemberID, amount: Double, isPaid: Bool = false) {
            self.memberID = memberID
            self.amount = amount
            self.isPaid = isPaid
        }
    }

    /// A payer as written: split-server's `payers` extension.
    public struct Payer: Hashable, Sendable {
        public var memberID: MemberID
        public var amount: Double

        public init(memberID: MemberID, amount: Double) {
            self.memberID = memberID
            self.amount = amount
        }
    }

    public var id: ExpenseID
    /// Nil when the server holds none (the Node server's column is nullable).
    public var description: String?
    public var amount: Double
    public var currency: String
    public var category: String
    /// The single payer every client writes (`paidByMemberId`).
    public var paidBy: MemberID
    /// Several payers, where the server keeps them (split-server's extension); nil or empty
    /// when it does not, and then `paidBy` paid it all.
    public var payers: [Payer]?
    /// The date as the server wrote it, and as read; nil when it is no date.
    public var dateText: String
    public var date: CivilDate?
    public var note: String?
    public var shares: [Share]
    public var createdAt: Timestamp?

    public init(id: ExpenseID, description: String?, amount: Double, currency: String, category: String,
                paidBy: MemberID, payers: [Payer]? = nil, dateText: String, date: CivilDate?, note: String? = nil,
                shares: [Share], createdAt: Timestamp? = nil) {
        self.id = id
        self.description = description
        self.amount = amount
        self.currency = currency
        self.category = category
        self.paidBy = paidBy
        self.payers = payers
        self.dateText = dateText
        self.date = date
        self.note = note
        self.shares = shares
        self.createdAt = createdAt
    }
}

/// A payment as a server holds it (split-server's change feed), with its amount as written.
public struct ForeignPayment: Hashable, Sendable {
    public var id: PaymentID
    public var from: MemberID
    public var to: MemberID
    public var amount: Double
    public var currency: String
    public var dateText: String
    public var date: CivilDate?
    public var note: String?

    public init(id: PaymentID, from: MemberID, to: MemberID, amount: Double, currency: String, dateText: String,
                date: CivilDate?, note: String? = nil) {
        self.id = id
        self.from = from
        self.to = to
        self.amount = amount
        self.currency = currency
        self.dateText = dateText
        self.date = date
        self.note = note
    }
}
