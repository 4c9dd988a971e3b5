import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's core context plus the client's address,
/// which the login throttle and the share-page limit key on.
public struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The socket's peer: the client, or a proxy in front of it.
    public let remoteAddress: SocketAddress?
    /// The client's IP address as text, or "unknown" (in-process tests have none): the peer's,
    /// until ``ClientAddressMiddleware`` takes it from a trusted proxy's `X-Forwarded-For`.
    public internal(set) var clientIP: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        clientIP = remoteAddress.flatMap { $0.ipAddress.flatMap(IPAddress.init)?.description } ?? "unknown"
    }
}
