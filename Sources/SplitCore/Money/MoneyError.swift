/// Why an amount, currency or rate was refused. Each case reads as one line for a person.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownCurrency(String)
    case empty
    case malformed(String)
    case tooPrecise(String, currency: String, exponent: Int)
    case notPositive(String)
    case tooLarge(String, limit: String)
    case malformedRate(String)
    case overflow

    public var description: String {
        switch self {
        case .unknownCurrency(let code):
            return "unknown currency '\(code)'; use an ISO 4217 code such as USD, EUR, JPY"
        case .empty:
            return "amount is empty; give a positive number such as 12.50"
        case .malformed(let text):
            return "amount '\(text)' is not a plain decimal number; use digits with an optional '.' (e.g. 1000 or 12.50), no signs, commas or exponents"
        case .tooPrecise(let text, let code, let exponent):
            let allowed = exponent == 0 ? "no decimals" : "at most \(exponent) decimal\(exponent == 1 ? "" : "s")"
            return "amount '\(text)' is too precise for \(code), which allows \(allowed)"
        case .notPositive(let text):
            return "amount '\(text)' must be greater than zero"
        case .tooLarge(let text, let limit):
            return "amount '\(text)' is too large; the limit is \(limit)"
        case .malformedRate(let text):
            return "rate '\(text)' is not a positive decimal number such as 150.25"
        case .overflow:
            return "totals are too large to compute exactly"
        }
    }
}
