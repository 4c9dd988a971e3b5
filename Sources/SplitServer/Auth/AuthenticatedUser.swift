import Foundation

/// The user a request's bearer token belongs to.
///
/// ``AuthMiddleware`` sets ``current`` for the rest of the request; the OpenAPI handlers, which
/// never see the Hummingbird context, read it from there.
struct AuthenticatedUser: Sendable, Equatable {
    let id: UUID
    let tokenID: UUID
    let displayName: String

    @TaskLocal static var current: AuthenticatedUser?

    /// The caller, or a 401 when the route was reached without a token (a wiring mistake).
    static func required() throws(APIError) -> AuthenticatedUser {
        guard let user = current else { throw .unauthorized("authentication required: send Authorization: Bearer <token>") }
        return user
    }
}

/// The client's IP address, for the login throttle and the split history's `ip_address`.
enum RequestOrigin {
    @TaskLocal static var clientIP: String = "unknown"
}
