/// What a file holds, read and checked, ready to be written in one transaction.
///
/// Readers of every format (the iOS app's database and legacy JSON, Splitwise CSV, split's own
/// JSON) produce this; the store writes it. Members, expenses and payments carry the id they
/// have in the source, which is how a second import of the same file finds what it already
/// holds; expenses and payments refer to members by that source id.
public struct ImportPlan: Sendable, Equatable {
    public var trips: [ImportTrip]
    /// Things a person should know: unknown categories mapped to Other, repaired splits,
    /// `payer_earned` expenses.
    public var warnings: [String]

    public init(trips: [ImportTrip] = [], warnings: [String] = []) {
        self.trips = trips
        self.warnings = warnings
    }
}

public struct ImportTrip: Sendable, Equatable {
    /// Identifies the trip in the source, e.g. `ios-event:<id>` or `split:<id>`.
    public var source: String
    public var name: String
    public var currency: Currency
    /// Code → rate (value of 1 unit of the code in the trip's currency).
    public var rates: [String: ExchangeRate]
    public var members: [ImportMember]
    public var expenses: [ImportExpense]
    public var payments: [ImportPayment]
    /// The trip's own categories in order (split's export); empty: the file has no list, and
    /// the trip keeps its own. Categories the expenses name are added to the trip too.
    public var categories: [String] = []
    /// The day members who moved out left, by member source.
    public var departures: [String: CivilDate] = [:]
    /// Currency exchanges of `settle --record --in` (split's own export only).
    public var exchanges: [ImportExchange] = []

    public init(source: String, name: String, currency: Currency, rates: [String: ExchangeRate] = [:],
                members: [ImportMember] = [], expenses: [ImportExpense] = [], payments: [ImportPayment] = []) {
        self.source = source
        self.name = name
        self.currency = currency
        self.rates = rates
        self.members = members
        self.expenses = expenses
        self.payments = payments
    }
}

public struct ImportMember: Sendable, Equatable {
    public var source: String
    public var name: String

    public init(source: String, name: String) {
        self.source = source
        self.name = name
    }
}

public struct ImportExpense: Sendable, Equatable {
    public struct Share: Sendable, Equatable {
        public var member: String
        public var amount: Int64
        public var isPaid: Bool

        public init(member: String, amount: Int64, isPaid: Bool = false) {
            self.member = member
            self.amount = amount
            self.isPaid = isPaid
        }
    }

    /// A member who paid `amount` of it.
    public struct Payer: Sendable, Equatable {
        public var member: String
        public var amount: Int64

        public init(member: String, amount: Int64) {
            self.member = member
            self.amount = amount
        }
    }

    public var source: String
    public var description: String
    public var amount: Money
    public var category: Category
    /// Usually one, who paid it all.
    public var payers: [Payer]
    public var date: CivilDate
    public var note: String?
    public var createdAt: Timestamp?
    public var splits: [Share]
    /// The split as given, from split's own export (version 3): its stored text, naming the
    /// file's members, and which member source each of those ids is. The store reads it and
    /// keeps it only while it still gives these shares.
    public var splitGiven: SplitGivenText?

    /// An expense `paidBy` paid in full.
    public init(source: String, description: String, amount: Money, category: Category, paidBy: String,
                date: CivilDate, note: String? = nil, createdAt: Timestamp? = nil, splits: [Share]) {
        self.init(source: source, description: description, amount: amount, category: category,
                  payers: [Payer(member: paidBy, amount: amount.minorUnits)], date: date, note: note,
                  createdAt: createdAt, splits: splits)
    }

    public init(source: String, description: String, amount: Money, category: Category, payers: [Payer],
                date: CivilDate, note: String? = nil, createdAt: Timestamp? = nil, splits: [Share]) {
        self.source = source
        self.description = description
        self.amount = amount
        self.category = category
        self.payers = payers
        self.date = date
        self.note = note
        self.createdAt = createdAt
        self.splits = splits
    }
}

public struct ImportPayment: Sendable, Equatable {
    public var source: String
    public var from: String
    public var to: String
    public var amount: Money
    public var date: CivilDate
    public var note: String?

    public init(source: String, from: String, to: String, amount: Money, date: CivilDate, note: String? = nil) {
        self.source = source
        self.from = from
        self.to = to
        self.amount = amount
        self.date = date
        self.note = note
    }
}

/// A currency exchange in split's own export: `member` is a member's source; `step` ties the
/// exchanges of one settle step (``SplitCore/CurrencyExchange``).
public struct ImportExchange: Sendable, Equatable {
    public var source: String
    public var step: String
    public var member: String
    public var from: Money
    public var to: Money
    public var date: CivilDate

    public init(source: String, step: String, member: String, from: Money, to: Money, date: CivilDate) {
        self.source = source
        self.step = step
        self.member = member
        self.from = from
        self.to = to
        self.date = date
    }
}

/// A split as given in a file, unread: `text` is split's stored form of a ``SplitRule``, and
/// `memberSources` maps each member id it names to that member's ``ImportMember/source``.
public struct SplitGivenText: Sendable, Equatable {
    public var text: String
    public var memberSources: [String: String]

    public init(text: String, memberSources: [String: String]) {
        self.text = text
        self.memberSources = memberSources
    }
}
