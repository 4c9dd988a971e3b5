import NIOCore
import NIOHTTP1

/// Once the server is shutting down (NIO's `ChannelShouldQuiesceEvent`, which Hummingbird's
/// graceful shutdown sends to every connection), every answer still to come on this
/// connection says `Connection: close`.
///
/// Hummingbird then closes the connection after that answer; the header tells the client or
/// proxy beforehand, so it sends its next request on another connection instead of racing
/// the close (a request written to a connection as it closes is lost, and the client cannot
/// tell whether it ran).
final class QuiesceCloseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var quiescing = false

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent { quiescing = true }
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard quiescing, case .head(var head) = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        head.headers.replaceOrAdd(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }
}
