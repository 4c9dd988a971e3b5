import SplitCore

/// What `split report` reads of a trip, in one transaction (``LocalBackend/reportFigures(trip:expenseLimit:)``).
public struct ReportFigures: Sendable {
    /// Per currency, as `split balances` shows them.
    public let balances: [CurrencyBalances]
    /// The trip's rates, for `--in`.
    public let rates: [String: ExchangeRate]
    public let categories: [CategoryTotal]
    public let days: [DayTotal]
    /// The newest live expenses, at most the limit asked for.
    public let expenses: [Expense]
    /// The newest live payments, at most the limit asked for, newest first.
    public let payments: [Payment]
    /// How many live payments the trip has in all.
    public let paymentCount: Int
    /// The trip's held server items.
    public let held: [ForeignItem]
}
