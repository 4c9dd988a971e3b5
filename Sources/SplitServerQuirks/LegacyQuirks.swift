import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import SplitServer

/// The Node server's observable behaviour that split-server does not share, layered on a real
/// split-server as its ``ServerFacade`` so clients can be tested against it on loopback.
///
/// Test support only: it lives in the `SplitServerQuirks` target, which the `split-server`
/// executable does not link, so a production server can never be switched into it.
///
/// Why a mode of split-server and not a separate fake: the data behind it is the real server on
/// real PostgreSQL, so a client test exercises real storage, real auth and real validation, and
/// only the differences listed in LEGACY-API.md are layered on top (``LegacyQuirksMiddleware``),
/// each as the recordings in `shared/fixtures/node-bsw/` show it (the recordings win where
/// they disagree):
/// - `expenseDate` as the Node server sends it (``DateStyle``), and `invite_code` null in
///   every group (no Node route sets one);
/// - no split-server extensions: 404 (an HTML page, as Express sends) for from-local, join,
///   `PUT` expense, payments, balances, member edits and sync; no `features` in `/health`;
/// - `Idempotency-Key` ignored, and so is an expense's `payers` (split-server's extension):
///   `paidByMemberId` paid it all;
/// - 429 with `Retry-After` and the recorded bodies past 100 `/api` requests a minute and 10
///   `/auth` requests in 15 minutes per IP, counting every auth request (limits adjustable for
///   tests);
/// - a 500 instead of a 400 for bad input on `/api`, and 403 `Invalid token` for a refused token.
///
/// Data the Node server stores but split-server refuses (float shares, repeated names, shares
/// for members of another group) is written straight into the tables by the tests that need it.
public struct LegacyQuirks: ServerFacade {
    /// How `expenseDate` leaves the server.
    public enum DateStyle: Sendable, Equatable {
        /// Local midnight of a server in this UTC offset, as an ISO timestamp: `utc+8` sends
        /// 2025-01-20 as `2025-01-19T16:00:00.000Z`; offset 0 is split-server's own form.
        case midnight(utcOffsetHours: Int)
        /// `2025-01-20`, as some PostgreSQL drivers send a DATE.
        case plainDate
    }

    public var dateStyle: DateStyle
    public var apiLimit: Int
    public var apiWindowSeconds: Double
    public var authLimit: Int
    public var authWindowSeconds: Double
    /// Seconds on any scale, for the rate-limit windows; tests pass a clock they advance.
    public var now: @Sendable () -> Double
    /// Requests seen per area, so tests can count auth calls server-side.
    public let tally: RequestTally

    public init(dateStyle: DateStyle = .midnight(utcOffsetHours: 0), apiLimit: Int = 100, apiWindowSeconds: Double = 60,
                authLimit: Int = 10, authWindowSeconds: Double = 15 * 60,
                now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }, tally: RequestTally = RequestTally()) {
        self.dateStyle = dateStyle
        self.apiLimit = apiLimit
        self.apiWindowSeconds = apiWindowSeconds
        self.authLimit = authLimit
        self.authWindowSeconds = authWindowSeconds
        self.now = now
        self.tally = tally
    }

    /// Installs ``LegacyQuirksMiddleware`` (with its own rate limiter) outermost on `router`.
    public func install(on router: Router<ServerRequestContext>) {
        router.add(middleware: LegacyQuirksMiddleware(quirks: self))
    }

    /// The Node server has no extensions, so `/health` lists none.
    public var advertisesExtensions: Bool { false }

    /// `utc`, `utc+8`, `utc-5` or `date`, as tests name a style; nil otherwise.
    public static func dateStyle(parsing text: String) -> DateStyle? {
        let lowered = text.lowercased()
        if lowered == "date" { return .plainDate }
        guard lowered.hasPrefix("utc") else { return nil }
        let offset = lowered.dropFirst(3)
        if offset.isEmpty { return .midnight(utcOffsetHours: 0) }
        guard let hours = Int(offset.hasPrefix("+") ? String(offset.dropFirst()) : String(offset)),
              (-12...14).contains(hours), offset.hasPrefix("+") || offset.hasPrefix("-") else { return nil }
        return .midnight(utcOffsetHours: hours)
    }
}

/// Counts of requests a quirks-mode server received, per area (`/auth`, `/api`).
public final class RequestTally: Sendable {
    public enum Area: Sendable, Hashable {
        case auth
        case api
    }

    private let counts = NIOLockedValueBox([Area: Int]())

    public init() {}

    public func count(_ area: Area) -> Int { counts.withLockedValue { $0[area] ?? 0 } }

    func record(_ area: Area) { counts.withLockedValue { $0[area, default: 0] += 1 } }
}
