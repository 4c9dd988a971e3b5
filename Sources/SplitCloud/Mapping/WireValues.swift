import SplitAPI
import SplitCore

/// Scalar fields of answers as domain values, each failure naming the field.
enum WireValues {
    /// Minor units of an answer's amount, exact or refused (``WireAmount``).
    static func minorUnits(_ value: Double, _ currency: Currency, field: String, allowingZero: Bool = false)
        throws(MappingError) -> Int64 {
        do {
            return try WireAmount.minorUnits(value, currency: currency, allowingZero: allowingZero)
        } catch {
            throw MappingError(error.message(field: field))
        }
    }

    static func currency(_ code: String, field: String) throws(MappingError) -> Currency {
        do {
            return try Currency(code: code)
        } catch {
            throw MappingError("\(field) '\(code)' is not an ISO 4217 code")
        }
    }

    /// A date in any form a server sends (``NodeForms/date(_:)``).
    static func date(_ text: String, field: String) throws(MappingError) -> CivilDate {
        guard let date = NodeForms.date(text) else {
            throw MappingError("\(field) '\(text)' is neither YYYY-MM-DD nor an ISO 8601 timestamp")
        }
        return date
    }
}
