import Foundation

/// Brute-force protection for `/auth/login`: failed attempts are counted per account and per
/// client IP over a sliding window; past a limit, further attempts get a 429 with `Retry-After`
/// until the oldest failure leaves the window.
///
/// Only failed logins count, and only login is throttled, so ordinary API use with a token is
/// never locked out by auth traffic (the Node server counts every `/auth` request, even
/// `/auth/me`). A success clears the account's failures. Counters live in memory: a restart
/// forgets them, which is acceptable for a single-process server.
actor LoginThrottle {
    struct Limits: Sendable {
        var perAccount = 5
        var perIP = 30
        var window: TimeInterval = 15 * 60
    }

    private let limits: Limits
    private let now: @Sendable () -> TimeInterval
    private var failures: [String: [TimeInterval]] = [:]

    /// - Parameter now: seconds on any monotonic scale: the server's clock, or a test's.
    init(limits: Limits = Limits(), now: @escaping @Sendable () -> TimeInterval) {
        self.limits = limits
        self.now = now
    }

    /// Throws a 429 when either the account or the IP is over its limit.
    func check(account: String, ip: String) throws(APIError) {
        let time = now()
        for (key, limit) in [(accountKey(account), limits.perAccount), ("ip:" + ip, limits.perIP)] {
            let recent = prune(key, at: time)
            if recent.count >= limit, let oldest = recent.first {
                let wait = Int((oldest + limits.window - time).rounded(.up))
                throw .tooManyRequests("too many failed logins; try again in \(wait) seconds", retryAfter: wait)
            }
        }
    }

    func recordFailure(account: String, ip: String) {
        let time = now()
        if failures.count > 100_000 { failures.removeAll(keepingCapacity: true) }
        failures[accountKey(account), default: []].append(time)
        failures["ip:" + ip, default: []].append(time)
    }

    func recordSuccess(account: String) {
        failures[accountKey(account)] = nil
    }

    private func accountKey(_ account: String) -> String { "account:" + account.lowercased() }

    private func prune(_ key: String, at time: TimeInterval) -> [TimeInterval] {
        guard let times = failures[key] else { return [] }
        let recent = times.filter { $0 > time - limits.window }
        failures[key] = recent.isEmpty ? nil : recent
        return recent
    }
}
