import Foundation
import SplitCore

/// Where commands get "now" and "today". The core never reads a clock.
///
/// `SPLIT_NOW` (an ISO 8601 instant such as `2025-01-20T09:00:00Z`) fixes the clock; tests use
/// it so dates and logs are predictable.
struct Clock: Sendable {
    let now: @Sendable () -> Timestamp
    let timeZone: TimeZone

    static func system(environment: [String: String]) -> Clock {
        if let fixed = environment["SPLIT_NOW"], let instant = Timestamp(iso8601: fixed) {
            return Clock(now: { instant }, timeZone: TimeZone(identifier: "UTC")!)
        }
        return Clock(now: {
            Timestamp(millisecondsSince1970: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
        }, timeZone: .current)
    }

    /// Today's date in the user's time zone.
    func today() -> CivilDate {
        let instant = now()
        let seconds = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant.millisecondsSince1970) / 1000)))
        return Timestamp(millisecondsSince1970: instant.millisecondsSince1970 + seconds * 1000).utcDate
    }
}
