/// An ISO 4217 currency with the number of minor-unit digits it uses.
///
/// Only codes in ``CurrencyTable`` exist; there is no way to build a currency with a made-up
/// code or exponent, so every `Money` value carries a known precision.
public struct Currency: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The upper-case ISO 4217 code, e.g. `JPY`.
    public let code: String
    /// Digits after the decimal point: 0 for JPY, 2 for USD, 3 for KWD.
    public let exponent: Int

    /// Looks the code up in the table, case-insensitively.
    /// - Throws: ``MoneyError/unknownCurrency(_:)`` for a code that is not ISO 4217.
    public init(code: String) throws(MoneyError) {
        let upper = code.uppercased()
        guard let exponent = CurrencyTable.exponents[upper] else {
            throw .unknownCurrency(code)
        }
        self.code = upper
        self.exponent = exponent
    }

    /// `10^exponent`: how many minor units make one major unit.
    public var minorPerMajor: Int64 {
        var value: Int64 = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    public var description: String { code }

    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code < rhs.code }
}
