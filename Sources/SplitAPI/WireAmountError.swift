import SplitCore

/// Why a JSON-number amount is not exactly an amount of its currency (``WireAmount``).
///
/// The server reports it as a 400 naming the field; the client as an answer it cannot read.
public enum WireAmountError: Error, Equatable, Sendable {
    /// NaN or an infinity.
    case notFinite
    /// Negative, or zero where zero is not allowed; with the number's text.
    case notPositive(String, allowingZero: Bool)
    /// 10^10 major units or more.
    case tooLarge(String)
    /// More decimals than the currency has (including exponent forms such as `1e-07`).
    case tooPrecise(String, currency: Currency)
    /// Text SplitCore's amount parser refuses for another reason.
    case malformed(String, reason: String)

    /// One line naming `field`: `amount 10.005 has too many decimals for USD, which allows at most 2 decimals`.
    public func message(field: String) -> String {
        switch self {
        case .notFinite:
            return "\(field) must be a finite number"
        case .notPositive(let text, let allowingZero):
            return "\(field) must be greater than zero\(allowingZero ? " or zero" : ""), got \(text)"
        case .tooLarge(let text):
            return "\(field) must be less than 10000000000, got \(text)"
        case .tooPrecise(let text, let currency):
            let allowed = currency.exponent == 0 ? "no decimals" : "at most \(currency.exponent) decimals"
            return "\(field) \(text) has too many decimals for \(currency.code), which allows \(allowed)"
        case .malformed(_, let reason):
            return "\(field): \(reason)"
        }
    }
}
