import NIOCore

/// The first handler of a connection's pipeline: tells ``RequestTimeoutHandler`` that bytes
/// came in, before the HTTP decoder sees them.
///
/// The decoder passes nothing on until a request's headers are complete, so without this
/// signal a half-sent request line on a kept-alive connection would look idle, and be given the
/// idle timeout rather than the header timeout. The event goes first so that the parts the
/// same bytes complete arrive after it.
final class RequestBytesSignal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The user event: bytes arrived.
    struct Arrived {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(Arrived())
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension RequestBytesSignal: Sendable {}
