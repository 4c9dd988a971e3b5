import HTTPTypes
import Hummingbird

/// Resolves the bearer token of every non-public route and makes its user
/// ``AuthenticatedUser/current`` for the rest of the request; also records the client IP.
///
/// A missing, unknown, expired or revoked token, or one of a deactivated account, is a 401
/// (the Node server answers 403 for some of these; clients treat both as "log in again").
///
/// Every request looks its token up in PostgreSQL; nothing is cached in the process. That is
/// what makes logout, revocation and deactivation take effect at once on every split-server
/// process of one database: the revoking statement has committed before its client hears
/// back (a logout's 200, or `psql`'s `UPDATE`), and every lookup that starts after that
/// commit takes a new snapshot, so it sees the revocation, whichever process and connection
/// runs it. An in-process cache invalidated by LISTEN/NOTIFY would not give that: the
/// notification reaches another process through its listening connection on its own time,
/// so a request could still be served from the cache after the revoker heard back. Closing
/// that gap would take a round trip to PostgreSQL per request, which is what the lookup costs
/// (one primary-key-sized index probe and a join on `users.id`).
struct AuthMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    static let publicPaths: Set<String> = ["/health", "/api/ping", "/auth/register", "/auth/login"]

    let users: UserRepository

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await RequestOrigin.$clientIP.withValue(context.clientIP) {
            if Self.publicPaths.contains(request.uri.path) {
                return try await next(request, context)
            }
            guard let header = request.headers[.authorization] else {
                throw APIError.unauthorized("authentication required: send Authorization: Bearer <token>")
            }
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty, parts[1].utf8.count <= 512 else {
                throw APIError.unauthorized("the Authorization header must be 'Bearer <token>'")
            }
            guard let user = try await users.authenticate(token: String(parts[1])) else {
                throw APIError.unauthorized("invalid, expired or revoked token; log in again")
            }
            return try await AuthenticatedUser.$current.withValue(user) {
                try await next(request, context)
            }
        }
    }
}
