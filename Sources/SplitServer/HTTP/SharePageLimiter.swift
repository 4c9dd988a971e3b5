import Foundation
import NIOConcurrencyHelpers

/// The rate limit of the read-only pages (`GET /s/{token}`), the server's only route that
/// anyone may call without an account and that does real work: at most `limit` requests per
/// client IP per minute, counted in fixed one-minute windows, then 429 with `Retry-After`.
///
/// Logins have their own, database-backed limit (``LoginThrottle``); this one is per process,
/// as a page view is no secret worth guessing at (the token has 192 bits) and the limit only
/// keeps one client from tying up the server.
final class SharePageLimiter: Sendable {
    private struct Window {
        var start: Double
        var count: Int
    }

    let limit: Int
    private let now: @Sendable () -> Date
    private let windows = NIOLockedValueBox([String: Window]())

    init(limit: Int, now: @escaping @Sendable () -> Date) {
        self.limit = limit
        self.now = now
    }

    /// Counts the request; throws a 429 when `ip` is over the limit in this minute.
    func admit(ip: String) throws(APIError) {
        let time = now().timeIntervalSince1970
        let wait: Int? = windows.withLockedValue { windows in
            // Windows of other clients that have ended are dropped when the table grows.
            if windows.count > 10_000 { windows = windows.filter { time - $0.value.start < 60 } }
            var window = windows[ip] ?? Window(start: time, count: 0)
            if time - window.start >= 60 { window = Window(start: time, count: 0) }
            guard window.count < limit else { return Int((window.start + 60 - time).rounded(.up)) }
            window.count += 1
            windows[ip] = window
            return nil
        }
        if let wait { throw APIError.tooManyRequests("too many page views; try again in \(max(1, wait)) seconds", retryAfter: wait) }
    }
}
