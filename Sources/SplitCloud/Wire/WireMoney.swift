import SplitCore
import SplitJSON

/// Amounts on the wire: JSON numbers in major units (`3000` for JPY 3000, `10.01` for USD 10.01).
///
/// Both directions go through decimal text and never through `Double`: a number's literal text
/// from SplitCore's parser is read by the strict ``AmountParser`` (trailing zeros such as
/// `3000.00` are fine, a third decimal for USD is not), and minor units are written back with
/// ``DecimalText``. A numeric string (`"3000.00"`, as PostgreSQL drivers send NUMERIC) is read
/// the same way.
enum WireMoney {
    /// The Node schema's NUMERIC(12,2): amounts must stay below 10^10 major units.
    static let majorLimit: Int64 = 10_000_000_000

    static func minorUnits(_ value: JSONValue?, currency: Currency, field: String, allowingZero: Bool = false)
        throws(WireError) -> Int64 {
        guard let value else { throw WireError("\(field) is missing") }
        guard let text = value.numberText ?? value.stringValue else {
            throw WireError("\(field) must be a number, got \(value.typeName)")
        }
        do {
            return try AmountParser.parse(text, currency: currency, allowingZero: allowingZero)
        } catch {
            throw WireError("\(field) \(text) is not an amount in \(currency.code): \(error.description)")
        }
    }

    /// The JSON number for `minor` units of `currency`, exact.
    static func json(_ minor: Int64, _ currency: Currency) -> JSONValue {
        .number(DecimalText.major(minor, exponent: currency.exponent))
    }

    /// Whether `minor` units fit the Node schema's NUMERIC(12,2) (below 10^10 major units).
    static func fitsServer(_ minor: Int64, _ currency: Currency) -> Bool {
        minor / currency.minorPerMajor < majorLimit
    }
}
