import HTTPTypes
import Hummingbird

/// Sets the context's client address from a trusted proxy's `X-Forwarded-For`
/// (``TrustedProxies``), before any middleware or route reads it. Without trusted proxies it
/// is not installed, and the socket's peer is the client.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    let proxies: TrustedProxies

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let peer = context.remoteAddress?.ipAddress.flatMap(IPAddress.init)
        if let client = proxies.client(peer: peer, forwardedFor: request.headers[values: Self.forwardedFor]) {
            context.clientIP = client.description
        }
        return try await next(request, context)
    }
}
