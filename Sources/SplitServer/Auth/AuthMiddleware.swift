import HTTPTypes
import Hummingbird

/// Resolves the bearer token of every non-public route and makes its user
/// ``AuthenticatedUser/current`` for the rest of the request; also records the client IP.
///
/// A missing, unknown, expired or revoked token, or one of a deactivated account, is a 401
/// (the Node server answers 403 for some of these; clients treat both as "log in again").
///
/// Every request checks its token in PostgreSQL (``TokenLookup``, or inside the first
/// statement of the routes of ``checksTokenItself(_:)``); nothing is cached in the process.
/// That is what makes logout, revocation and deactivation take effect at once on every
/// split-server process of one database: the revoking statement has committed before
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

    static let publicPaths: Set<String> = ["/health", "/health/ready", "/api/ping", "/auth/register", "/auth/login"]

    /// The routes whose first statement checks the token together with its own work (the
    /// group reads with ``GroupRepository/access(group:credential:)``, the expense post with
    /// ``ExpenseQuickInsert``), so the token costs them no round trip of its own. They are the
    /// routes clients call most: a poll of the change feed is one query in all. Every other
    /// route has its token looked up before its handler runs.
    static func checksTokenItself(_ request: Request) -> Bool {
        let path = request.uri.path
        if request.method == .post { return path == "/api/expenses" }
        guard request.method == .get, path.hasPrefix("/api/groups/") else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        // "", "api", "groups", GID, what
        return parts.count == 5 && ["changes", "expenses", "members", "payments", "balances"].contains(parts[4])
    }

    let users: UserRepository

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await RequestOrigin.$clientIP.withValue(context.clientIP) {
            if Self.publicPaths.contains(request.uri.path) || request.uri.path.hasPrefix(SharePageRoute.pathPrefix) {
                return try await next(request, context)
            }
            guard let header = request.headers[.authorization] else {
                throw APIError.unauthorized("authentication required: send Authorization: Bearer <token>")
            }
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty, parts[1].utf8.count <= 512 else {
                throw APIError.unauthorized("the Authorization header must be 'Bearer <token>'")
            }
            let users = self.users
            let credential = AuthenticatedUser.Credential(token: String(parts[1])) { token in
                try await users.authenticate(token: token)
            }
            let deferred = Self.checksTokenItself(request)
            if !deferred { _ = try await credential.resolve() }
            // A deferred route checks the token in its first statement. Should one answer or fail
            // without having done so (a 400 for its body, say), the token is checked now, and a
            // bad one is still a 401, as on every other route.
            let response: Response
            do {
                response = try await AuthenticatedUser.$credential.withValue(credential) {
                    try await next(request, context)
                }
            } catch {
                // A database that is away is a 503 (JSONErrorMiddleware), not a token to check again.
                if deferred, !JSONErrorMiddleware<Context>.isOutage(error) { _ = try await credential.resolve() }
                throw error
            }
            if deferred { _ = try await credential.resolve() }
            return response
        }
    }
}
