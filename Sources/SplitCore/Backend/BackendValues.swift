/// A trip with the counts `trip list` shows.
public struct TripOverview: Hashable, Sendable {
    public let trip: Trip
    public let memberCount: Int
    public let expenseCount: Int
    /// When the trip was created; nil when the backend does not know (cloud groups carry no date).
    public let createdAt: Timestamp?

    public init(trip: Trip, memberCount: Int, expenseCount: Int, createdAt: Timestamp?) {
        self.trip = trip
        self.memberCount = memberCount
        self.expenseCount = expenseCount
        self.createdAt = createdAt
    }
}

/// Which expenses `split expenses` lists. Empty fields match everything; dates are inclusive.
public struct ExpenseFilter: Hashable, Sendable {
    public var member: MemberID?
    public var category: Category?
    public var currency: Currency?
    public var since: CivilDate?
    public var until: CivilDate?
    /// Only expenses whose description or note contains this text. Checked on each expense
    /// read rather than in SQL, so a listing without it costs what it did.
    public var search: TextSearch?

    public init(member: MemberID? = nil, category: Category? = nil, currency: Currency? = nil,
                since: CivilDate? = nil, until: CivilDate? = nil, search: TextSearch? = nil) {
        self.member = member
        self.category = category
        self.currency = currency
        self.since = since
        self.until = until
        self.search = search
    }

    public static let all = ExpenseFilter()
}

/// Spending in one category and currency, for `split summary`.
public struct CategoryTotal: Hashable, Sendable {
    public let category: Category
    public let currency: Currency
    public let total: Int64
    public let count: Int

    public init(category: Category, currency: Currency, total: Int64, count: Int) {
        self.category = category
        self.currency = currency
        self.total = total
        self.count = count
    }
}

/// One line of `split log`.
public struct ActivityEntry: Hashable, Sendable {
    public let sequence: Int64
    public let at: Timestamp
    /// A stable machine name: `expense.add`, `member.rename`, `payment.add`...
    public let action: String
    public let summary: String
    public let undoneAt: Timestamp?
    /// The ids of the expenses, payments or members the change touched; empty for a change to
    /// the trip itself (a rename, a rate).
    public let items: [String]

    public init(sequence: Int64, at: Timestamp, action: String, summary: String, undoneAt: Timestamp?, items: [String] = []) {
        self.sequence = sequence
        self.at = at
        self.action = action
        self.summary = summary
        self.undoneAt = undoneAt
        self.items = items
    }
}
