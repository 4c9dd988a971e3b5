import HTTPTypes
import Hummingbird

/// Resolves the bearer token of every non-public route and makes its user
/// ``AuthenticatedUser/current`` for the rest of the request; also records the client IP.
///
/// A missing, unknown, expired or revoked token is a 401 (the Node server answers 403 for some
/// of these; clients treat both as "log in again").
struct AuthMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    static let publicPaths: Set<String> = ["/health", "/api/ping", "/auth/register", "/auth/login"]

    let users: UserRepository
    let cache: TokenCache

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
            let token = String(parts[1])
            let user: AuthenticatedUser
            if let known = cache.user(for: token) {
                user = known
            } else if let found = try await users.authenticate(token: token) {
                cache.remember(found, for: token)
                user = found
            } else {
                throw APIError.unauthorized("invalid, expired or revoked token; log in again")
            }
            return try await AuthenticatedUser.$current.withValue(user) {
                try await next(request, context)
            }
        }
    }
}
