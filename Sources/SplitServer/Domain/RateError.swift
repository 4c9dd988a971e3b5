import SplitCore

/// Refusals about a group's exchange rates.
enum RateError: DomainError, Equatable {
    /// The group has no rate for this currency.
    case notFound(Currency)
    /// A rate for the trip's own currency, which is always 1.
    case ownCurrency(Currency)

    var kind: RefusalKind {
        switch self {
        case .notFound: .notFound
        case .ownCurrency: .invalid
        }
    }

    var message: String {
        switch self {
        case .notFound(let currency): "the group has no rate for \(currency.code)"
        case .ownCurrency(let currency): "\(currency.code) is the trip's own currency; its rate is always 1"
        }
    }
}
