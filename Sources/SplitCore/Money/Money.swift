/// An exact amount of money: a count of minor units plus its currency.
///
/// `Money(minorUnits: 1050, currency: USD)` is USD 10.50. Never a `Double`.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    /// The largest amount a single expense or payment may have, in minor units (10^15).
    ///
    /// Far above the 10^13 the design requires, and small enough that any product with a
    /// weight or percentage fits `Int128`. Sums of many such amounts can still exceed `Int64`;
    /// balance code adds in `Int128` and reports ``MoneyError/overflow`` instead of trapping.
    public static let maxMinorUnits: Int64 = 1_000_000_000_000_000

    public let minorUnits: Int64
    public let currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Parses a user-typed amount strictly for `currency`. See ``AmountParser``.
    public init(parsing text: String, currency: Currency) throws(MoneyError) {
        self.init(minorUnits: try AmountParser.parse(text, currency: currency), currency: currency)
    }

    /// The amount in major units as an exact decimal string: `10.5`, `3000`, `0.125`.
    public var majorText: String { DecimalText.major(minorUnits, exponent: currency.exponent) }

    /// `JPY 3000` or `USD 10.50`, for tables and messages.
    public var description: String {
        "\(currency.code) \(DecimalText.major(minorUnits, exponent: currency.exponent, padded: true))"
    }
}
