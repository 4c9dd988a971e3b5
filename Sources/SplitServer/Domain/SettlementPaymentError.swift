import Foundation
import SplitCore

/// Refusals about a settlement payment (`split pay`) between two members.
///
/// Named apart from SplitCore's ``SplitCore/PaymentError``, the payment rule itself, which
/// ``rule(_:)`` carries: the rule is SplitCore's, the words are the server's wire names.
enum SettlementPaymentError: DomainError, Equatable {
    /// The group has no payment with this id.
    case notFound(payment: UUID)
    /// SplitCore's payment rule refused it (the same member on both sides, an amount not above zero).
    case rule(PaymentError)
    /// The insert returned no row; only a concurrent change can cause it.
    case notStored

    var kind: RefusalKind {
        switch self {
        case .notFound: .notFound
        case .rule: .invalid
        case .notStored: .conflict
        }
    }

    /// The rule's refusal in the fields of the request (`fromMemberId`, `toMemberId`, `amount`),
    /// as split-server has always worded it.
    var message: String {
        switch self {
        case .notFound(let payment): "payment \(payment.uuidString.lowercased()) not found in this group"
        case .rule(.sameMember): "fromMemberId and toMemberId must be different members"
        case .rule(.notPositive(let text)): "amount must be greater than zero, got \(text)"
        case .notStored: "payment not stored"
        }
    }
}
