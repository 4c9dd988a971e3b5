import SplitCore

/// Everything one report shows of a trip, gathered once by the caller (the CLI from its local
/// store, split-server from PostgreSQL) and rendered in one pass by any format.
///
/// It holds plain domain values only, so the page a friend opens and the text a command prints
/// come from the same numbers. The settle plan is computed here, by the same
/// ``SplitCore/SettlementPlanner`` call `split settle` makes, so the two cannot disagree.
public struct TripReport: Hashable, Sendable {
    /// The most expenses a report lists: a page of 100,000 rows helps nobody and weighs tens
    /// of megabytes. The charts and totals always cover every expense.
    public static let expenseCap = 500

    public let trip: Trip
    /// The trip's members in the order the store lists them (by name).
    public let members: [Member]
    /// You in the trip, when known: the plan then leads with your transfers in words.
    public let me: MemberID?
    /// Nets and the settle plan, per currency; one entry in ``conversion``'s target with `--in`.
    public let settlements: [ReportSettlement]
    /// Set when the balances were converted into one currency (`--in CUR`).
    public let conversion: ReportConversion?
    /// Spending by category and by day, per currency, as paid (never converted).
    public let spending: [ReportSpending]
    /// The newest expenses, at most ``expenseCap``.
    public let expenses: [Expense]
    /// How many live expenses the trip has in all.
    public let expenseCount: Int
    /// The newest payments, at most ``expenseCap``: who handed whom what, settling ones too.
    public let payments: [Payment]
    /// How many live payments the trip has in all.
    public let paymentCount: Int
    /// Server items kept out of the figures, with why.
    public let held: [HeldItem]
    /// When the report was made: the one part of the output that changes between runs.
    public let madeAt: Timestamp
    /// The days it covers (`--month`, `--since`, `--until`): the spending and the lists are
    /// those dated within it, the balances those at its last day.
    public let span: DateSpan

    /// A report of `balances` (already converted when `conversion` is set), `categories` and
    /// `days` (the store's grouped totals), the newest `expenses`, the newest `payments` (newest
    /// first; `paymentCount` of them in all, when more were left out) and the `held` items.
    /// Throws when a currency's nets do not sum to zero (a damaged store), as settle does.
    public init(trip: Trip, members: [Member], me: MemberID?, balances: [CurrencyBalances],
                conversion: ReportConversion? = nil, categories: [CategoryTotal], days: [DayTotal],
                expenses: [Expense], payments: [Payment] = [], paymentCount: Int? = nil,
                held: [HeldItem], madeAt: Timestamp, span: DateSpan = .always) throws {
        self.trip = trip
        self.members = members
        self.me = me
        self.conversion = conversion
        let names = MemberDirectory(members)
        settlements = try balances.map { currencyBalances throws(SettlementError) in
            ReportSettlement(currency: currencyBalances.currency, balances: currencyBalances.balances,
                             transfers: try SettlementPlanner.plan(currencyBalances, names: names))
        }
        spending = try ReportSpending.grouped(categories: categories, days: days)
        self.expenses = Array(expenses.prefix(Self.expenseCap))
        expenseCount = spending.reduce(0) { $0 + $1.count }
        self.payments = Array(payments.prefix(Self.expenseCap))
        self.paymentCount = max(paymentCount ?? payments.count, self.payments.count)
        self.held = held
        self.madeAt = madeAt
        self.span = span
    }

    /// Names for member ids; a removed member that still holds money shows its short id.
    public var names: MemberDirectory { MemberDirectory(members) }

    /// Nothing to show but the members: no expense, no payment, nothing held.
    public var isEmpty: Bool { settlements.isEmpty && spending.isEmpty && held.isEmpty && payments.isEmpty }

    /// The expense list was cut at ``expenseCap``.
    public var isCapped: Bool { expenseCount > expenses.count }

    /// The payment list was cut at ``expenseCap``.
    public var isPaymentListCapped: Bool { paymentCount > payments.count }
}
