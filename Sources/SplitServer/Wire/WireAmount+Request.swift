import SplitAPI
import SplitCore

/// Request amounts read with the contract's shared ``WireAmount`` conversion, refused as a 400
/// that names the field.
extension WireAmount {
    /// Minor units of a request amount, or a 400 naming `field` and what is accepted.
    static func minorUnits(_ value: Double, currency: Currency, field: String, allowingZero: Bool = false)
        throws(APIError) -> Int64 {
        do {
            return try minorUnits(value, currency: currency, allowingZero: allowingZero)
        } catch {
            throw .badRequest(error.message(field: field))
        }
    }
}
