import SplitCore

/// `expenseDate` as servers send it: `2025-01-20`, or a timestamp of the date's midnight in the
/// server's time zone (`2025-01-20T00:00:00.000Z` from a server in UTC,
/// `2025-01-19T16:00:00.000Z` from one in UTC+8).
///
/// A timestamp is read as the date of the **nearest UTC midnight**: every zone from UTC−11:59
/// to UTC+12 puts local midnight within 12 hours of the right UTC midnight. Exactly noon UTC
/// (UTC+12 or UTC−12) rounds up, which is right for UTC+12 (New Zealand) and wrong only for
/// the uninhabited UTC−12.
enum WireDate {
    private static let day: Int64 = 86_400_000
    private static let halfDay: Int64 = 43_200_000

    static func date(_ text: String) -> CivilDate? {
        if text.utf8.count == 10 { return CivilDate(parsing: text) }
        guard let instant = instant(text) else { return nil }
        let ms = instant.millisecondsSince1970 + halfDay
        let days = ms >= 0 ? ms / day : (ms - day + 1) / day
        return CivilDate.fromDaysSinceEpoch(days)
    }

    /// Requests always carry the plain `YYYY-MM-DD` both servers accept.
    static func text(_ date: CivilDate) -> String { date.description }

    /// `...Z`, or `...±HH:MM` converted to UTC.
    private static func instant(_ text: String) -> Timestamp? {
        if text.hasSuffix("Z") || text.hasSuffix("z") {
            return Timestamp(iso8601: String(text.dropLast()) + "Z")
        }
        let bytes = Array(text.utf8)
        guard bytes.count >= 25, bytes[bytes.count - 3] == UInt8(ascii: ":") else { return nil }
        let signByte = bytes[bytes.count - 6]
        guard signByte == UInt8(ascii: "+") || signByte == UInt8(ascii: "-"),
              let hours = Int64(String(decoding: bytes[(bytes.count - 5)..<(bytes.count - 3)], as: UTF8.self)),
              let minutes = Int64(String(decoding: bytes[(bytes.count - 2)...], as: UTF8.self)),
              hours < 24, minutes < 60,
              let local = Timestamp(iso8601: String(decoding: bytes[..<(bytes.count - 6)], as: UTF8.self) + "Z") else {
            return nil
        }
        let offset = (hours * 60 + minutes) * 60_000 * (signByte == UInt8(ascii: "+") ? 1 : -1)
        return Timestamp(millisecondsSince1970: local.millisecondsSince1970 - offset)
    }
}
