import NIOCore
import NIOHTTP1

/// Closes a connection whose client is too slow, by the rules of ``RequestDeadlines``:
/// answering 408 where HTTP allows it, else without a word. One per connection, right after
/// NIO's HTTP/1 decoder, so it sees request parts as they are read and response parts as they
/// are written (``TimedHTTP1Channel`` puts it there).
///
/// Once it has timed a request out it drops what else comes in and refuses what the server
/// still writes (a handler that was waiting for the body fails, and its answer must not follow
/// the 408 on the wire).
final class RequestTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: ConnectionLimits
    private var deadlines: RequestDeadlines?
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    private var closing = false

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is RequestBytesSignal.Arrived else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        deadlines?.bytesArrived(at: .now())
        schedule(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        let now = NIODeadline.now()
        switch unwrapInboundIn(data) {
        case .head: deadlines?.headRead(at: now)
        case .body(let buffer): deadlines?.bodyRead(bytes: buffer.readableBytes)
        case .end: deadlines?.endRead(at: now)
        }
        schedule(context)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closing else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head: deadlines?.responseHeadWritten()
        case .body: break
        case .end: deadlines?.responseEndWritten(at: .now())
        }
        schedule(context)
        context.write(data, promise: promise)
    }

    private func start(_ context: ChannelHandlerContext) {
        guard deadlines == nil else { return }
        deadlines = RequestDeadlines(limits: limits, openedAt: .now())
        schedule(context)
    }

    /// Keeps the timer at or before the current deadline; a later deadline is found when the
    /// timer fires, so a body that keeps arriving costs no rescheduling per read.
    private func schedule(_ context: ChannelHandlerContext) {
        guard let deadline = deadlines?.deadline else { return }
        if let timerDeadline, timerDeadline <= deadline { return }
        cancelTimer()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: deadline) {
            self.timerFired(context)
        }
    }

    private func timerFired(_ context: ChannelHandlerContext) {
        timer = nil
        timerDeadline = nil
        guard let deadlines, !closing else { return }
        switch deadlines.expiry(at: .now()) {
        case .wait:
            schedule(context)
        case .close:
            closing = true
            context.close(promise: nil)
        case .answerTimeout:
            closing = true
            let head = HTTPResponseHead(version: .http1_1, status: .requestTimeout,
                                        headers: ["Connection": "close", "Content-Length": "0"])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolatedUnsafeUnchecked().whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }
}

@available(*, unavailable)
extension RequestTimeoutHandler: Sendable {}
