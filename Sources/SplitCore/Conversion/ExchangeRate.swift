/// How many units of a trip's home currency one major unit of another currency is worth,
/// kept as an exact fraction: `split trip rate USD 150.25` is `601/4` (`15025/100` reduced).
public struct ExchangeRate: Hashable, Sendable, CustomStringConvertible {
    /// Numerator of the reduced fraction; positive.
    public let numerator: Int64
    /// Denominator of the reduced fraction; a positive divisor of 10^9.
    public let denominator: Int64
    /// The rate as the user typed it, normalised: no leading zeros, no trailing fraction zeros
    /// (`150.250` and `0150.25` are both `150.25`).
    public let text: String

    /// Parses a positive decimal with at most 9 decimals and at most 12 integer digits.
    ///
    /// The syntax is the strict one of amounts (``AmountParser``): digits with an optional
    /// `.digits`, no sign, spaces, commas or exponents. Leading zeros and trailing fraction zeros
    /// do not count towards the limits. The scaled value must also fit `Int64` (at most 18
    /// significant digits in total), otherwise the rate is refused too.
    /// - Throws: ``MoneyError/malformedRate(_:)`` for anything else, including zero.
    public init(parsing text: String) throws(MoneyError) {
        guard let literal = AmountParser.Literal(text), literal.whole.count <= 12, literal.fraction.count <= 9,
              let scaled = literal.scaled(by: literal.fraction.count, limit: Int64.max), scaled > 0 else {
            throw .malformedRate(text)
        }
        var denominator: Int64 = 1
        for _ in 0..<literal.fraction.count { denominator *= 10 }
        let divisor = Apportion.gcd(scaled, denominator)
        self.numerator = scaled / divisor
        self.denominator = denominator / divisor
        self.text = literal.normalized
    }

    public var description: String { text }
}
