import NIOConcurrencyHelpers

/// The Node server's rate limits: at most `limit` requests per sliding window per client IP and
/// area. Over the limit, the answer says how many seconds until the oldest counted request
/// leaves the window.
final class LegacyRateLimiter: Sendable {
    private struct Key: Hashable {
        let area: RequestTally.Area
        let ip: String
    }

    private let quirks: LegacyQuirks
    private let seen = NIOLockedValueBox([Key: [Double]]())

    init(quirks: LegacyQuirks) {
        self.quirks = quirks
    }

    /// Records the request and returns nil, or returns the seconds to wait when over the limit.
    func admit(_ area: RequestTally.Area, ip: String) -> Int? {
        let (limit, window) = area == .auth
            ? (quirks.authLimit, quirks.authWindowSeconds) : (quirks.apiLimit, quirks.apiWindowSeconds)
        let now = quirks.now()
        return seen.withLockedValue { seen in
            let key = Key(area: area, ip: ip)
            var times = (seen[key] ?? []).filter { $0 > now - window }
            defer { seen[key] = times }
            if times.count >= limit, let oldest = times.first {
                return max(1, Int((oldest + window - now).rounded(.up)))
            }
            times.append(now)
            return nil
        }
    }
}
