import SplitCore

/// Converts between the contract's JSON-number amounts and exact minor units, for the client and
/// the server alike.
///
/// The generated types carry `type: number` as `Double`; this is the one place where a `Double`
/// meets money. A `Double` decoded from a short decimal literal prints back as that literal
/// (Swift prints the shortest text that reads back as the same `Double`), so `10.01` is read as
/// the text "10.01" and parsed by SplitCore's strict ``AmountParser``: `10.005` USD is refused,
/// never rounded, and so is anything printed in exponent form (`1e-07`), which no currency's
/// precision reaches.
///
/// ```swift
/// try WireAmount.minorUnits(10.01, currency: usd)   // 1001
/// WireAmount.number(1001, usd)                      // 10.01
/// ```
public enum WireAmount {
    /// Amounts at or above this many major units overflow the Node schema's NUMERIC(12,2).
    public static let majorLimit: Int64 = 10_000_000_000

    /// Minor units of `value` in `currency`, refusing anything that is not exactly an amount of
    /// it: not finite, negative (or zero unless `allowingZero`), 10^10 or more, or with more
    /// decimals than the currency has.
    public static func minorUnits(_ value: Double, currency: Currency, allowingZero: Bool = false)
        throws(WireAmountError) -> Int64 {
        guard value.isFinite else { throw .notFinite }
        let literal = text(of: value)
        guard value > 0 || (allowingZero && value == 0) else {
            throw .notPositive(literal, allowingZero: allowingZero)
        }
        guard value < Double(majorLimit) else { throw .tooLarge(literal) }
        // Below 1e10 as a double means below 1e10 as the printed decimal too (rounding to the
        // nearest double is monotonic and 1e10 is exact), so the parsed value needs no recheck.
        if literal.contains(where: { $0 == "e" || $0 == "E" }) {
            throw .tooPrecise(literal, currency: currency)
        }
        do throws(MoneyError) {
            return try AmountParser.parse(literal, currency: currency, allowingZero: allowingZero)
        } catch .tooPrecise {
            throw .tooPrecise(literal, currency: currency)
        } catch {
            throw .malformed(literal, reason: error.description)
        }
    }

    /// Whether `minor` units of `currency` stay below ``majorLimit`` major units, as both servers
    /// require.
    public static func fits(_ minor: Int64, _ currency: Currency) -> Bool {
        minor / currency.minorPerMajor < majorLimit
    }

    /// The JSON number for `minor` units: `3000` for JPY 3000, `10.01` for USD 10.01.
    ///
    /// Exact for every amount ``fits(_:_:)`` accepts: |minor| < 2^53, and dividing by a power of
    /// ten gives the double nearest the decimal, which prints (and is encoded) as that decimal.
    public static func number(_ minor: Int64, _ currency: Currency) -> Double {
        Double(minor) / Double(currency.minorPerMajor)
    }

    /// The shortest decimal text of `value`, without a trailing ".0" (`3000`, `10.01`, `1e-07`).
    public static func text(of value: Double) -> String { DecimalText.shortest(value) }
}
