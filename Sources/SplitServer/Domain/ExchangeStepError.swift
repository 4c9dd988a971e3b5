import Foundation
import SplitCore

/// Refusals about a settle step's currency exchanges (feature `conversions`).
enum ExchangeStepError: DomainError, Equatable {
    /// The group has no step with this id.
    case notFound(step: UUID)
    /// SplitCore's exchange or step rule refused it (``SplitCore/ExchangeStep/validate()``).
    case rule(ExchangeError)
    /// An id that is not a UUID.
    case badID(String)

    var kind: RefusalKind {
        switch self {
        case .notFound: .notFound
        case .rule, .badID: .invalid
        }
    }

    var message: String {
        switch self {
        case .notFound(let step): "settle step \(step.uuidString.lowercased()) not found in this group"
        case .rule(let error): error.description
        case .badID(let text): "'\(text.prefix(64))' is not a UUID"
        }
    }
}
