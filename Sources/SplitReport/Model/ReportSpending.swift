import SplitCore

/// What was spent in one currency: the total, by category and by day.
public struct ReportSpending: Hashable, Sendable {
    public let currency: Currency
    /// The sum of every live expense in this currency, in minor units.
    public let total: Int64
    public let count: Int
    public let categories: [CategoryTotal]
    /// Oldest day first.
    public let days: [DayTotal]

    public init(currency: Currency, total: Int64, count: Int, categories: [CategoryTotal], days: [DayTotal]) {
        self.currency = currency
        self.total = total
        self.count = count
        self.categories = categories
        self.days = days
    }

    /// The store's category and day totals as one entry per currency, in code order. The total
    /// is summed exactly; a sum past Int64 is refused, never wrapped.
    static func grouped(categories: [CategoryTotal], days: [DayTotal]) throws(MoneyError) -> [ReportSpending] {
        let currencies = Set(categories.map(\.currency)).union(days.map(\.currency)).sorted()
        return try currencies.map { currency throws(MoneyError) in
            let inCurrency = categories.filter { $0.currency == currency }
            let total = inCurrency.reduce(Int128(0)) { $0 + Int128($1.total) }
            guard let exact = Int64(exactly: total) else { throw MoneyError.overflow }
            return ReportSpending(currency: currency, total: exact, count: inCurrency.reduce(0) { $0 + $1.count },
                                  categories: inCurrency.sorted { ($0.total, $1.category.rawValue) > ($1.total, $0.category.rawValue) },
                                  days: days.filter { $0.currency == currency }.sorted { $0.date < $1.date })
        }
    }
}
