/// Spending on one day in one currency, for `split report`'s spending-by-day chart.
public struct DayTotal: Hashable, Sendable {
    public let date: CivilDate
    public let currency: Currency
    /// The sum of the day's expenses, in minor units.
    public let total: Int64
    public let count: Int

    public init(date: CivilDate, currency: Currency, total: Int64, count: Int) {
        self.date = date
        self.currency = currency
        self.total = total
        self.count = count
    }
}
