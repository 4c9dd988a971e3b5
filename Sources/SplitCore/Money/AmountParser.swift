/// Strict parsing of user-typed amounts into minor units.
///
/// Accepted: ASCII digits with an optional single `.` followed by digits (`1000`, `12.5`,
/// `12.50`, `0.05`, and leading zeros such as `007`). Refused, each with its own ``MoneyError``:
/// the empty string (``MoneyError/empty``); signs, commas, spaces, exponents, `NaN`/`inf`, hex,
/// a leading or trailing `.` (``MoneyError/malformed(_:)``); more decimals than the currency's
/// exponent (``MoneyError/tooPrecise(_:currency:exponent:)``; trailing zeros beyond it are
/// accepted: `10.500` is USD 10.50); zero (``MoneyError/notPositive(_:)``); and anything above
/// ``Money/maxMinorUnits`` (``MoneyError/tooLarge(_:limit:)``, the limit written in major units).
///
/// Checks run in that order, so `0.001` for USD is too precise rather than zero. Digit strings of
/// any length are handled without overflow: they are measured before they are valued.
/// `allowingZero` accepts a zero amount, for exact split shares where a member owes nothing.
public enum AmountParser {
    public static func parse(_ text: String, currency: Currency, allowingZero: Bool = false) throws(MoneyError) -> Int64 {
        guard !text.isEmpty else { throw .empty }
        guard let literal = Literal(text) else { throw .malformed(text) }
        guard literal.fraction.count <= currency.exponent else {
            throw .tooPrecise(text, currency: currency.code, exponent: currency.exponent)
        }
        guard let minor = literal.scaled(by: currency.exponent, limit: Money.maxMinorUnits) else {
            throw .tooLarge(text, limit: DecimalText.major(Money.maxMinorUnits, exponent: currency.exponent))
        }
        guard minor > 0 || allowingZero else { throw .notPositive(text) }
        return minor
    }

    /// Whether `text` is written as an amount must be (`digits` or `digits.digits`), whatever
    /// its value: `120` is, `Tacos` and `12,50` are not.
    public static func isPlainDecimal(_ text: String) -> Bool { Literal(text) != nil }
}

extension AmountParser {
    /// The digits of a strictly written, unsigned decimal (`0012.5000`), trimmed but not yet valued.
    ///
    /// Shared by every parser of user-typed numbers (amounts, percentages, shares, rates) so they
    /// all accept exactly the same syntax: `digits` or `digits.digits`, ASCII only.
    struct Literal {
        /// Integer digits (values 0...9) without leading zeros; empty when the integer part is 0.
        let whole: [UInt8]
        /// Fraction digits (values 0...9) without trailing zeros; empty when there are none.
        let fraction: [UInt8]
        /// Whether the text contained a decimal point (`2.0` has one, `2` does not).
        let hasPoint: Bool

        /// Splits `text`, or returns nil when it is not `digits` or `digits.digits`.
        init?(_ text: String) {
            var whole: [UInt8] = []
            var fraction: [UInt8] = []
            var hasPoint = false
            var sawWholeDigit = false
            for byte in text.utf8 {
                if byte == UInt8(ascii: ".") {
                    guard !hasPoint, sawWholeDigit else { return nil }
                    hasPoint = true
                } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    let digit = byte - UInt8(ascii: "0")
                    if hasPoint {
                        fraction.append(digit)
                    } else {
                        sawWholeDigit = true
                        if !(whole.isEmpty && digit == 0) { whole.append(digit) }
                    }
                } else {
                    return nil
                }
            }
            guard sawWholeDigit, !hasPoint || !fraction.isEmpty else { return nil }
            while fraction.last == 0 { fraction.removeLast() }
            self.whole = whole
            self.fraction = fraction
            self.hasPoint = hasPoint
        }

        /// `whole × 10^scale + fraction` (the fraction padded to `scale` digits), or nil when that
        /// exceeds `limit`. The caller first checks `fraction.count <= scale`; `scale` is at most 18.
        func scaled(by scale: Int, limit: Int64) -> Int64? {
            // 19 whole digits times 10^18 still fits Int128 (< 10^37); more can never be ≤ limit.
            guard fraction.count <= scale, scale <= 18, whole.count <= 19 else { return nil }
            var value: Int128 = 0
            for digit in whole { value = value * 10 + Int128(digit) }
            for index in 0..<scale {
                value = value * 10 + Int128(index < fraction.count ? fraction[index] : 0)
            }
            guard value <= Int128(limit) else { return nil }
            return Int64(value)
        }

        /// The normalised text: no leading zeros (but `0` for zero), no trailing fraction zeros.
        var normalized: String {
            let digits = { (values: [UInt8]) in String(decoding: values.map { $0 + UInt8(ascii: "0") }, as: UTF8.self) }
            let wholeText = whole.isEmpty ? "0" : digits(whole)
            return fraction.isEmpty ? wholeText : wholeText + "." + digits(fraction)
        }
    }
}
