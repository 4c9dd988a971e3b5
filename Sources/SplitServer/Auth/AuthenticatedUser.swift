import Foundation
import NIOConcurrencyHelpers

/// The user a request's bearer token belongs to.
///
/// ``AuthMiddleware`` sets ``credential`` for the rest of the request; the OpenAPI handlers,
/// which never see the Hummingbird context, read the user through ``required()``.
struct AuthenticatedUser: Sendable, Equatable {
    let id: UUID
    let tokenID: UUID
    let displayName: String

    /// The request's bearer token, and its user once someone has looked it up.
    @TaskLocal static var credential: Credential?

    /// The caller: the token's user, looked up now if no statement of this request has yet;
    /// a 401 when the token is unknown, expired, revoked or of a deactivated account.
    static func required() async throws -> AuthenticatedUser {
        guard let credential else { throw APIError.unauthorized("authentication required: send Authorization: Bearer <token>") }
        return try await credential.resolve()
    }

    /// A bearer token and what it resolved to.
    ///
    /// The lookup is deferred so that the hot routes can check the token inside their first
    /// statement (``GroupRepository/access(group:credential:)``, ``ExpenseQuickInsert``)
    /// instead of spending a round trip on it first; every other route resolves it before its
    /// handler runs (see ``AuthMiddleware``).
    final class Credential: Sendable {
        let token: String
        private let lookup: @Sendable (String) async throws -> AuthenticatedUser?
        private let found = NIOLockedValueBox<AuthenticatedUser?>(nil)

        init(token: String, lookup: @escaping @Sendable (String) async throws -> AuthenticatedUser?) {
            self.token = token
            self.lookup = lookup
        }

        /// An already known user, for tests that call handlers directly.
        convenience init(user: AuthenticatedUser) {
            self.init(token: "", lookup: { _ in user })
            remember(user)
        }

        var user: AuthenticatedUser? { found.withLockedValue { $0 } }

        /// Records the user a statement that checked the token returned.
        func remember(_ user: AuthenticatedUser) { found.withLockedValue { $0 = user } }

        func resolve() async throws -> AuthenticatedUser {
            if let user { return user }
            guard let user = try await lookup(token) else { throw Self.refused }
            remember(user)
            return user
        }

        static let refused = APIError(AccountError.tokenRefused)
    }
}

/// The client's IP address, for the login throttle and the split history's `ip_address`.
enum RequestOrigin {
    @TaskLocal static var clientIP: String = "unknown"
}
