import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's core context plus the peer address,
/// which login throttling keys on.
public struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The peer's IP address as text, or "unknown" (in-process tests have none).
    public var clientIP: String { remoteAddress?.ipAddress ?? "unknown" }
}
