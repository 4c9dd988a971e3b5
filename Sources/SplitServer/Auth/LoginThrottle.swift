import Foundation
import PostgresNIO

/// Brute-force protection for `/auth/login`: failed attempts are counted per account and per
/// client IP over a sliding window; past a limit, further attempts get a 429 with `Retry-After`
/// until the oldest failure leaves the window.
///
/// Only failed logins count, and only login is throttled, so ordinary API use with a token is
/// never locked out by auth traffic (the Node server counts every `/auth` request, even
/// `/auth/me`). A success clears the account's failures, not the IP's.
///
/// The failures live in PostgreSQL (`login_failures`), not in the process: with several
/// split-server processes behind one load balancer, an attacker spreading guesses over them
/// still meets one limit, and a restart forgets nothing. Times come from the server's clock
/// (``ServerDependencies/now``), never from the database's `NOW()`, so tests can move them.
///
/// Check and record are separate statements, as they were in memory: logins racing past the
/// check at once may each add a failure, so the limit can be exceeded by the number of
/// concurrent attempts, never more; the next check refuses them all.
struct LoginThrottle: Sendable {
    struct Limits: Sendable {
        var perAccount = 5
        var perIP = 30
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

    /// Throws a 429 when either the account or the IP is over its limit.
    func check(account: String, ip: String) async throws {
        let time = now()
        let since = time.addingTimeInterval(-limits.window)
        let scopes = [Self.accountScope(account), Self.ipScope(ip)]
        let rows = try await database.query("""
            SELECT scope, count(*), min(failed_at) FROM login_failures
            WHERE scope = ANY(\(scopes)) AND failed_at > \(since)
            GROUP BY scope
            """)
        var counts: [String: (Int64, Date)] = [:]
        for try await (scope, count, oldest) in rows.decode((String, Int64, Date).self) {
            counts[scope] = (count, oldest)
        }
        for (scope, limit) in zip(scopes, [limits.perAccount, limits.perIP]) {
            guard let (count, oldest) = counts[scope], count >= limit else { continue }
            let wait = max(1, Int((oldest.timeIntervalSince(time) + limits.window).rounded(.up)))
            throw APIError.tooManyRequests("too many failed logins; try again in \(wait) seconds", retryAfter: wait)
        }
    }

    /// Counts one failure against the account and the IP, and deletes failures that have left
    /// the window (of every scope), in one statement.
    func recordFailure(account: String, ip: String) async throws {
        let time = now()
        let since = time.addingTimeInterval(-limits.window)
        try await database.query("""
            WITH pruned AS (DELETE FROM login_failures WHERE failed_at <= \(since))
            INSERT INTO login_failures (scope, failed_at)
            VALUES (\(Self.accountScope(account)), \(time)), (\(Self.ipScope(ip)), \(time))
            """)
    }

    func recordSuccess(account: String) async throws {
        try await database.query("DELETE FROM login_failures WHERE scope = \(Self.accountScope(account))")
    }

    private static func accountScope(_ account: String) -> String { "account:" + account.lowercased() }
    private static func ipScope(_ ip: String) -> String { "ip:" + ip }
}
