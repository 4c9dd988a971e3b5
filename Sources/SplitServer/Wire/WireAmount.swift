import SplitCore

/// Converts between the wire's JSON-number amounts and exact minor units.
///
/// The generated types carry JSON numbers as `Double`; this is the one edge where that happens.
/// A `Double` decoded from a short decimal literal prints back as that literal (Swift prints
/// the shortest text that round-trips), so `10.01` is read as the text "10.01" and parsed by
/// SplitCore's strict ``AmountParser``: `10.005` USD is refused, never rounded.
enum WireAmount {
    /// Amounts at or above this many major units overflow the Node schema's NUMERIC(12,2).
    static let majorLimit: Int64 = 10_000_000_000

    /// Minor units of a positive request amount, or a 400 naming `field` and what is accepted.
    static func minorUnits(_ value: Double, currency: Currency, field: String, allowingZero: Bool = false)
        throws(APIError) -> Int64 {
        guard value.isFinite else { throw .badRequest("\(field) must be a finite number") }
        guard value > 0 || (allowingZero && value == 0) else {
            throw .badRequest("\(field) must be greater than zero\(allowingZero ? " or zero" : ""), got \(text(of: value))")
        }
        guard value < Double(majorLimit) else {
            throw .badRequest("\(field) must be less than 10000000000, got \(text(of: value))")
        }
        // Below 1e10 as a double means below 1e10 as the printed decimal too (rounding to the
        // nearest double is monotonic and 1e10 is exact), so the parsed value needs no recheck.
        let literal = text(of: value)
        do throws(MoneyError) {
            return try AmountParser.parse(literal, currency: currency, allowingZero: allowingZero)
        } catch .tooPrecise {
            let allowed = currency.exponent == 0 ? "no decimals" : "at most \(currency.exponent) decimals"
            throw .badRequest("\(field) \(literal) has too many decimals for \(currency.code), which allows \(allowed)")
        } catch {
            throw .badRequest("\(field): \(error.description)")
        }
    }

    /// The JSON number for `minor` units: `3000` for JPY 3000, `10.01` for USD 10.01.
    static func number(_ minor: Int64, _ currency: Currency) -> Double {
        // Exact: |minor| < 2^53 for every amount the server accepts, and dividing by a power of
        // ten gives the double nearest the decimal, which prints as that decimal.
        Double(minor) / Double(currency.minorPerMajor)
    }

    /// Decimal text of a request number without a trailing ".0" and without exponent notation
    /// for the magnitudes accepted here.
    static func text(of value: Double) -> String {
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
