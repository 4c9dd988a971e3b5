import Foundation
import PostgresNIO

/// Brute-force protection for `/auth/login` that slows an attacker, not the account's owner:
/// failed attempts are counted over a sliding window per (account, client IP), per client IP,
/// and per account from every IP; past a limit, further attempts get a 429 with `Retry-After`
/// until the oldest failure of that count leaves the window.
///
/// The trade-off. The tight limit (5) is per (account, IP): guessing from one address stops
/// quickly, while the owner, from any address that has not failed for the account, still logs
/// in. Anyone who knows an address could otherwise lock its owner out for good by failing five
/// times every 15 minutes. The limit on the account from all IPs is loose (100), so it only
/// caps guessing spread over many addresses: 100 guesses per 15 minutes, against bcrypt at cost
/// 12, is under 10,000 a day: enough to try the commonest passwords, not to search for one.
/// Reaching it locks the account for everyone until the window passes, as any failure did
/// before, but now only for an attacker with 20 or more addresses (30 failures per IP stop
/// each of them after six accounts).
///
/// Only failed logins count, and only login is throttled, so ordinary API use with a token is
/// never locked out by auth traffic (the Node server counts every `/auth` request, even
/// `/auth/me`). A success clears the failures of its own (account, IP) pair only: the owner's
/// typos are forgiven, and the count an attacker builds elsewhere is not reset by the owner.
///
/// The failures live in PostgreSQL (`login_failures`), not in the process: with several
/// split-server processes behind one load balancer, an attacker spreading guesses over them
/// still meets one limit, and a restart forgets nothing. Times come from the server's clock
/// (``ServerDependencies/now``), never from the database's `NOW()`, so tests can move them.
///
/// Check and record are separate statements, as they were in memory: logins racing past the
/// check at once may each add a failure, so a limit can be exceeded by the number of
/// concurrent attempts, never more; the next check refuses them all.
struct LoginThrottle: Sendable {
    struct Limits: Sendable {
        /// Failures of one account from one IP.
        var perAccountAndIP = 5
        /// Failures from one IP, whatever the account.
        var perIP = 30
        /// Failures of one account from every IP together.
        var perAccount = 100
        var window: TimeInterval = 15 * 60
    }

    let database: ServerDatabase
    let limits: Limits
    /// The server's clock.
    let now: @Sendable () -> Date

    init(database: ServerDatabase, limits: Limits = Limits(), now: @escaping @Sendable () -> Date) {
        self.database = database
        self.limits = limits
        self.now = now
    }

    /// Throws a 429 when the account from this IP, the IP, or the account is over its limit.
    func check(account: String, ip: String) async throws {
        let time = now()
        let since = time.addingTimeInterval(-limits.window)
        let scopes = Self.scopes(account: account, ip: ip)
        let rows = try await database.query("""
            SELECT scope, count(*), min(failed_at) FROM login_failures
            WHERE scope = ANY(\(scopes)) AND failed_at > \(since)
            GROUP BY scope
            """)
        var counts: [String: (Int64, Date)] = [:]
        for try await (scope, count, oldest) in rows.decode((String, Int64, Date).self) {
            counts[scope] = (count, oldest)
        }
        // The longest wait of the counts over their limits: retrying sooner would be refused.
        let waits = zip(scopes, [limits.perAccountAndIP, limits.perIP, limits.perAccount]).compactMap { scope, limit -> Int? in
            guard let (count, oldest) = counts[scope], count >= limit else { return nil }
            return max(1, Int((oldest.timeIntervalSince(time) + limits.window).rounded(.up)))
        }
        if let wait = waits.max() {
            throw APIError.tooManyRequests("too many failed logins; try again in \(wait) seconds", retryAfter: wait)
        }
    }

    /// Counts one failure against the account from this IP, the IP and the account, and
    /// deletes failures that have left the window (of every scope), in one statement.
    func recordFailure(account: String, ip: String) async throws {
        let time = now()
        let since = time.addingTimeInterval(-limits.window)
        let scopes = Self.scopes(account: account, ip: ip)
        try await database.query("""
            WITH pruned AS (DELETE FROM login_failures WHERE failed_at <= \(since))
            INSERT INTO login_failures (scope, failed_at)
            SELECT unnest(\(scopes)::text[]), \(time)
            """)
    }

    /// Forgets the failures of the account from this IP.
    func recordSuccess(account: String, ip: String) async throws {
        try await database.query("DELETE FROM login_failures WHERE scope = \(Self.scopes(account: account, ip: ip)[0])")
    }

    /// The counts a login attempt falls in, in the order of ``Limits``' fields. `account:` is
    /// the scope that the per-account limit always had, so failures stored before the
    /// (account, IP) count existed keep counting.
    private static func scopes(account: String, ip: String) -> [String] {
        let account = account.lowercased()
        return ["account-ip:\(ip) \(account)", "ip:" + ip, "account:" + account]
    }
}
