import NIOCore

/// When a connection must next have sent something, and what to do when it has not: the
/// rules of ``ConnectionLimits`` as a state machine over one connection's traffic, with the
/// time passed in, so that ``RequestTimeoutHandler`` only feeds it events and keeps a timer.
///
/// - A request's line and headers must arrive within `headerTimeout` of its first byte (of the
///   connection's start, for the first request: a client connects to send one).
/// - Its body must arrive within `headerTimeout + bytes / minBodyRate` of the headers' end,
///   so a body keeps its allowance only while it keeps arriving.
/// - While the server works on a request there is no deadline: a slow handler is not the
///   client's fault.
/// - With nothing in progress, the connection is idle and closes after `idleTimeout`.
///
/// A timed-out request is answered 408 only where HTTP/1.1 allows an answer: some of it has
/// arrived, and every earlier response has been written whole. Otherwise the connection is
/// closed without a word (an idle keep-alive connection, or one that sent nothing).
struct RequestDeadlines {
    enum Reading: Equatable {
        /// Between requests: nothing of the next one has arrived.
        case nothing(since: NIODeadline)
        /// A request's line and headers, begun at `since`; `begun` is false on a new
        /// connection that has sent nothing yet.
        case head(since: NIODeadline, begun: Bool)
        /// A request's body, whose headers ended at `since`, with `bytes` of it so far.
        case body(since: NIODeadline, bytes: Int)
    }

    /// What to do when the timer fires.
    enum Expiry: Equatable {
        /// Not yet (or never, while the server works): look again at this time.
        case wait(until: NIODeadline?)
        /// Close the connection without an answer.
        case close
        /// Answer 408 Request Timeout, then close.
        case answerTimeout
    }

    let limits: ConnectionLimits
    private(set) var reading: Reading
    private var requestsRead = 0
    private var responsesStarted = 0
    private var responsesEnded = 0

    init(limits: ConnectionLimits, openedAt now: NIODeadline) {
        self.limits = limits
        reading = .head(since: now, begun: false)
    }

    /// Bytes came in; they may begin the next request.
    mutating func bytesArrived(at now: NIODeadline) {
        switch reading {
        case .nothing: reading = .head(since: now, begun: true)
        case .head(let since, false): reading = .head(since: since, begun: true)
        case .head, .body: break
        }
    }

    /// A request's headers are complete.
    mutating func headRead(at now: NIODeadline) {
        requestsRead += 1
        reading = .body(since: now, bytes: 0)
    }

    mutating func bodyRead(bytes count: Int) {
        if case .body(let since, let bytes) = reading { reading = .body(since: since, bytes: bytes + count) }
    }

    /// A request has arrived whole; the server works on it.
    mutating func endRead(at now: NIODeadline) {
        reading = .nothing(since: now)
    }

    mutating func responseHeadWritten() {
        responsesStarted += 1
    }

    /// A response is written whole; with nothing else in progress, the idle time starts now.
    mutating func responseEndWritten(at now: NIODeadline) {
        responsesEnded += 1
        if case .nothing = reading { reading = .nothing(since: now) }
    }

    /// When the client must next have made progress, or nil while the server works.
    var deadline: NIODeadline? {
        switch reading {
        case .head(let since, _):
            return since + TimeAmount(limits.headerTimeout)
        case .body(let since, let bytes):
            let earned = TimeAmount.nanoseconds(Int64(bytes) * 1_000_000_000 / Int64(max(1, limits.minBodyRate)))
            return since + TimeAmount(limits.headerTimeout) + earned
        case .nothing(let since):
            return responsesEnded < requestsRead ? nil : since + TimeAmount(limits.idleTimeout)
        }
    }

    /// What the timer should do at `now`.
    func expiry(at now: NIODeadline) -> Expiry {
        guard let deadline, now >= deadline else { return .wait(until: deadline) }
        let answeredAll = responsesStarted == responsesEnded
        switch reading {
        case .head(_, let begun):
            return begun && answeredAll && responsesEnded == requestsRead ? .answerTimeout : .close
        case .body:
            return answeredAll && responsesEnded == requestsRead - 1 ? .answerTimeout : .close
        case .nothing:
            return .close
        }
    }
}
