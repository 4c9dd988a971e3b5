import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 connection with split-server's connection limits: the cap on open
/// connections (``ConnectionCap``), the request timeouts (``RequestTimeoutHandler``), and
/// `Connection: close` on the answers of a server that is shutting down (``QuiesceCloseHandler``).
///
/// Hummingbird's own options fall short of both: its connection limit stops accepting, which
/// leaves new clients waiting in the listen backlog rather than told at once, and its one idle
/// timeout neither separates a slow request from an idle connection nor bounds a trickled body.
struct TimedHTTP1Channel: ServerChildChannel {
    /// A connection: Hummingbird's, or none for one refused by the cap.
    struct Value: ServerChildChannelValue {
        let channel: any Channel
        let http: HTTP1Channel.Value?
    }

    let http1: HTTP1Channel
    let limits: ConnectionLimits
    let cap: ConnectionCap

    init(responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionLimits, cap: ConnectionCap) {
        http1 = HTTP1Channel(responder: responder)
        self.limits = limits
        self.cap = cap
    }

    /// The server builder for `Application(server:)`.
    static func builder(limits: ConnectionLimits) -> HTTPServerBuilder {
        let cap = ConnectionCap(limit: limits.maxConnections)
        return HTTPServerBuilder { responder in TimedHTTP1Channel(responder: responder, limits: limits, cap: cap) }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        switch cap.admit(at: .now()) {
        case .refused(let report):
            if let report {
                logger.warning("connection cap of \(cap.limit) open connections reached: closed \(report) new connection(s) at once since the last report")
            }
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(CloseOnActive())
                return Value(channel: channel, http: nil)
            }
        case .admitted:
            let cap = self.cap
            channel.closeFuture.whenComplete { _ in cap.release() }
            let limits = self.limits
            let connection = http1.setup(channel: channel, logger: logger).flatMapThrowing { http in
                let operations = channel.pipeline.syncOperations
                try operations.addHandler(RequestBytesSignal(), position: .first)
                let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                try operations.addHandler(RequestTimeoutHandler(limits: limits), position: .after(decoder))
                try operations.addHandler(QuiesceCloseHandler(), position: .after(decoder))
                return Value(channel: channel, http: http)
            }
            // NIO drops a connection whose setup failed without closing it.
            connection.whenFailure { _ in channel.close(promise: nil) }
            return connection
        }
    }

    func handle(value: Value, logger: Logger) async {
        guard let http = value.http else { return }
        await http1.handle(value: http, logger: logger)
    }
}

/// Closes a refused connection as soon as it is open.
private final class CloseOnActive: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { context.close(promise: nil) }
    }

    func channelActive(context: ChannelHandlerContext) {
        context.close(promise: nil)
    }
}
