import SplitCore

/// `--in CUR`: the currency the balances were converted into, and the trip's rates the
/// conversion used, listed as `split trip rate` writes them.
public struct ReportConversion: Hashable, Sendable {
    public let target: Currency
    /// The trip's home currency: every rate is the value of 1 unit in it.
    public let home: Currency
    public let rates: [UsedRate]

    public init(target: Currency, home: Currency, rates: [UsedRate]) {
        self.target = target
        self.home = home
        self.rates = rates
    }

    /// `Rates used (split trip rate): 1 USD = 150.25 JPY.`, or nil when none was needed:
    /// the line `split settle --in` prints under its plan.
    public var sentence: String? {
        guard !rates.isEmpty else { return nil }
        return "Rates used (split trip rate): " + rates.map { "1 \($0.code) = \($0.rate.text) \(home.code)" }
            .joined(separator: ", ") + "."
    }
}

/// One of the trip's rates that a conversion used.
public struct UsedRate: Hashable, Sendable {
    public let code: String
    public let rate: ExchangeRate

    public init(code: String, rate: ExchangeRate) {
        self.code = code
        self.rate = rate
    }
}
