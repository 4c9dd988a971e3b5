/// Refusals about accounts and their tokens.
enum AccountError: DomainError, Equatable {
    /// The token is unknown, expired or revoked.
    case tokenRefused
    /// The token is valid but its account was deleted since.
    case accountGone
    /// Registration with an e-mail or phone another account has.
    case alreadyRegistered
    /// The insert returned no row; only a concurrent change can cause it.
    case notCreated

    var kind: RefusalKind {
        switch self {
        case .tokenRefused, .accountGone: .unauthenticated
        case .alreadyRegistered, .notCreated: .conflict
        }
    }

    var message: String {
        switch self {
        case .tokenRefused: "invalid, expired or revoked token; log in again"
        case .accountGone: "the account of this token no longer exists"
        case .alreadyRegistered: "an account with this e-mail or phone already exists"
        case .notCreated: "account not created"
        }
    }
}
