import Foundation
import SplitCore

/// Where commands get "now" and "today". The core never reads a clock.
///
/// `SPLIT_NOW` (an ISO 8601 instant such as `2025-01-20T09:00:00Z`) fixes the clock, and
/// "today" is then that instant's UTC date; tests use it so dates and logs are predictable.
/// Otherwise "today" is the local date from the C library (`localtime_r`, honouring `TZ`),
/// which is much cheaper at start-up than Foundation's time-zone database.
struct Clock: Sendable {
    let now: @Sendable () -> Timestamp
    let utcOffsetSeconds: @Sendable (Timestamp) -> Int64

    static func system(environment: [String: String]) -> Clock {
        if let fixed = environment["SPLIT_NOW"], let instant = Timestamp(iso8601: fixed) {
            return Clock(now: { instant }, utcOffsetSeconds: { _ in 0 })
        }
        return Clock(
            now: {
                var spec = timespec()
                clock_gettime(CLOCK_REALTIME, &spec)
                return Timestamp(millisecondsSince1970: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
            },
            utcOffsetSeconds: { instant in
                var seconds = time_t(instant.millisecondsSince1970 / 1000)
                var parts = tm()
                guard localtime_r(&seconds, &parts) != nil else { return 0 }
                return Int64(parts.tm_gmtoff)
            })
    }

    /// Today's date where the user is.
    func today() -> CivilDate {
        let instant = now()
        return Timestamp(millisecondsSince1970: instant.millisecondsSince1970 + utcOffsetSeconds(instant) * 1000).utcDate
    }

    /// `2025-01-20 18:30:05` in the user's time zone, for listings.
    func localText(_ instant: Timestamp) -> String {
        let local = Timestamp(millisecondsSince1970: instant.millisecondsSince1970 + utcOffsetSeconds(instant) * 1000)
        return String(local.iso8601.prefix(19)).replacingOccurrences(of: "T", with: " ")
    }
}
