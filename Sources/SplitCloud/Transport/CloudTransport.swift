import AsyncHTTPClient
import Foundation
import NIOCore
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import SplitAPI
import SplitAPIClient
import SplitCore

/// How the cloud client reaches a server: the generated `Client` over AsyncHTTPClient, with the
/// middlewares that make it safe to use against both servers.
///
/// The chain, outermost first (each one file in `Middleware/`):
/// 1. ``RefusalMiddleware``: answers outside 2xx become one error, read in ``NodeForms``;
/// 2. ``BearerTokenMiddleware``: the token, and `User-Agent`;
/// 3. ``IdempotencyKeyMiddleware``: a key on every POST and PATCH the caller gave none;
/// 4. ``RetryMiddleware``: connection refused, timeouts and 5xx, with backoff, when safe, and
///    503s that say `Retry-After` waited out as they ask;
/// 5. ``RateLimitMiddleware``: 429 `Retry-After` waits, costing no attempt;
/// 6. ``StatisticsMiddleware``: counts each send;
/// 7. ``FaultMiddleware`` (tests only): the faults a ``CloudFaultHook`` injects.
///
/// Waiting goes through `clock`, so tests pass a clock that does not really sleep.
public struct CloudTransport: Sendable {
    public let server: ServerAddress
    public let policy: RetryPolicy
    let clock: any Clock<Duration>
    let notice: @Sendable (String) -> Void
    let faults: (any CloudFaultHook)?
    /// How long one exchange may take before it counts as a timeout.
    let timeout: Duration
    /// Shared by every copy of this transport.
    public let statistics = TransportStatistics()
    /// Whether a wait on an unavailable server was told; shared by every copy of this transport.
    let toldUnavailable = NoticeOnce()

    public init(server: ServerAddress, policy: RetryPolicy = .standard, clock: any Clock<Duration> = ContinuousClock(),
                timeout: Duration = .seconds(60), notice: @escaping @Sendable (String) -> Void = { _ in },
                faults: (any CloudFaultHook)? = nil) {
        self.server = server
        self.policy = policy
        self.clock = clock
        self.timeout = timeout
        self.notice = notice
        self.faults = faults
    }

    /// The generated client for `server`, sending `token` and taking fresh idempotency keys
    /// from `ids`.
    func client(token: String?, ids: IDGenerator) -> any APIProtocol {
        var middlewares: [any ClientMiddleware] = [
            RefusalMiddleware(),
            BearerTokenMiddleware(token: token, server: server),
            IdempotencyKeyMiddleware(ids: ids),
            RetryMiddleware(policy: policy, clock: clock, server: server, notice: notice, told: toldUnavailable),
            RateLimitMiddleware(policy: policy, clock: clock, server: server, notice: notice),
            StatisticsMiddleware(statistics: statistics),
        ]
        if let faults { middlewares.append(FaultMiddleware(hook: faults)) }
        let http = AsyncHTTPClientTransport(configuration: .init(client: CloudHTTP.client, timeout: timeout.timeAmount))
        // A ServerAddress is always a valid absolute URL (checked when it was made). Sorted
        // keys: Foundation's encoder on Linux orders them by a per-process hash seed, and a
        // body resent by a later run (an upload or a sync resumed after a stop) must be the
        // same bytes under its Idempotency-Key for a server that compares bytes.
        return Client(serverURL: URL(string: server.url)!, configuration: Configuration(jsonEncodingOptions: [.sortedKeys]),
                      transport: http, middlewares: middlewares)
    }
}

extension Duration {
    /// The same span as NIO's `TimeAmount`.
    var timeAmount: TimeAmount {
        let (seconds, attoseconds) = components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
