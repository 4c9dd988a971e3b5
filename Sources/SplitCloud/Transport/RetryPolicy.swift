/// How long and how often the transport retries.
///
/// Failures of repeatable requests (connection refused, timeouts, 5xx) are retried after
/// `initialDelay`, then twice that, and so on up to `maximumDelay`, for `maximumAttempts` sends
/// in all. There is no jitter: one CLI process is one client, so there is no herd to spread.
/// A 429 is always retried after its `Retry-After` (the request was not processed), including
/// the Node server's 15-minute auth window, up to `maximumRateLimitWaits` times and as long as a
/// single wait is at most `longestRateLimitWait`. A 503 with `Retry-After` to a repeatable
/// request (split-server while its database restarts) is waited out as it asks, costing no
/// attempt, for at most `longestUnavailableWait` in all.
public struct RetryPolicy: Sendable, Equatable {
    public var maximumAttempts: Int
    public var initialDelay: Duration
    public var maximumDelay: Duration
    public var maximumRateLimitWaits: Int
    public var longestRateLimitWait: Duration
    /// The wait after a 429 that carries no usable `Retry-After`.
    public var defaultRateLimitWait: Duration
    /// How long one request waits in all on 503s that say `Retry-After`: long enough for a
    /// PostgreSQL restart or failover behind the server, short enough that a command whose
    /// server stays unavailable still ends.
    public var longestUnavailableWait: Duration

    public init(maximumAttempts: Int = 4, initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(8),
                maximumRateLimitWaits: Int = 5, longestRateLimitWait: Duration = .seconds(16 * 60),
                defaultRateLimitWait: Duration = .seconds(30), longestUnavailableWait: Duration = .seconds(60)) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.maximumRateLimitWaits = maximumRateLimitWaits
        self.longestRateLimitWait = longestRateLimitWait
        self.defaultRateLimitWait = defaultRateLimitWait
        self.longestUnavailableWait = longestUnavailableWait
    }

    public static let standard = RetryPolicy()

    /// The pause after failed attempt number `attempt` (1-based): 0.5 s, 1 s, 2 s... capped.
    public func delay(afterAttempt attempt: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(1, attempt) {
            delay *= 2
            if delay >= maximumDelay { return maximumDelay }
        }
        return min(delay, maximumDelay)
    }
}
