import NIOConcurrencyHelpers

/// The counters of one request across its retries, shared by the middlewares that retry it.
///
/// ``RetryMiddleware`` counts attempts; ``RateLimitMiddleware`` waits out 429s within an
/// attempt (a 429 costs no attempt) and counts its waits over the whole request;
/// ``FaultMiddleware`` tells a fault hook which attempt it is looking at.
final class RequestAttempts: Sendable {
    private let counts = NIOLockedValueBox((attempt: 0, rateLimitWaits: 0))

    init() {}

    /// The attempt in progress, 1-based (0 before the first).
    var attempt: Int { counts.withLockedValue { $0.attempt } }

    /// 429 waits so far.
    var rateLimitWaits: Int { counts.withLockedValue { $0.rateLimitWaits } }

    /// Starts the next attempt and returns its number.
    func beginAttempt() -> Int {
        counts.withLockedValue { counts in
            counts.attempt += 1
            return counts.attempt
        }
    }

    func recordRateLimitWait() { counts.withLockedValue { $0.rateLimitWaits += 1 } }
}
