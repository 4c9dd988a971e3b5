/// What a list of expenses comes to, per currency: the total and the count. Summed exactly; a
/// total past `Int64` is refused (``MoneyError/overflow``), never wrapped.
public struct SpendingTotals: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public let currency: Currency
        public var total: Int64
        public var count: Int
    }

    private var byCurrency: [Currency: Entry] = [:]

    public init() {}

    /// Counts one expense of `amount`.
    public mutating func add(_ amount: Money) throws(MoneyError) {
        var entry = byCurrency[amount.currency] ?? Entry(currency: amount.currency, total: 0, count: 0)
        let (sum, overflow) = entry.total.addingReportingOverflow(amount.minorUnits)
        guard !overflow else { throw .overflow }
        entry.total = sum
        entry.count += 1
        byCurrency[amount.currency] = entry
    }

    /// One entry per currency, in code order.
    public var currencies: [Entry] { byCurrency.values.sorted { $0.currency < $1.currency } }
}
