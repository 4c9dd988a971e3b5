import HTTPTypes
import Hummingbird

/// Resolves the bearer token of every non-public route and makes its user
/// ``AuthenticatedUser/current`` for the rest of the request; also records the client IP.
///
/// A missing, unknown, expired or revoked token, or one of a deactivated account, is a 401
/// (the Node server answers 403 for some of these; clients treat both as "log in again").
///
/// Every request looks its token up in PostgreSQL (``TokenLookup``); nothing is cached in
/// the process. That is what makes logout, revocation and deactivation take effect at once on
/// every split-server process of one database: the revoking statement has committed before
/// its client hears back (a logout's 200, or `psql`'s `UPDATE`), and every lookup that starts
/// after that commit takes a new snapshot, so it sees the change, whichever process and
/// connection runs it.
///
/// An in-process cache invalidated by LISTEN/NOTIFY cannot promise that. PostgreSQL signals
/// the listening backends at commit, before it acknowledges the commit, but each of them then
/// has to be scheduled, send the notification, and have it read by its process, all while
/// the revoker's client is already free to send its next request elsewhere. Tried with two
/// in-process servers (the test `MultiInstanceTests.logoutEverywhere`), a token logged out on
/// one was still accepted from the other's cache in 12 of 50 rounds with the invalidation run
/// in a task, and in several of 50 with it run on the listening connection's event loop. The
/// price of no cache is one prepared, indexed query per request.
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
