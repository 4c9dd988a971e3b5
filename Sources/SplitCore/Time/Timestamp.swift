/// An instant, as whole milliseconds since 1970-01-01T00:00:00Z.
///
/// The core never reads a clock; callers pass timestamps in. Formatting is done here without
/// Foundation so text output is identical everywhere.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let millisecondsSince1970: Int64

    public init(millisecondsSince1970: Int64) { self.millisecondsSince1970 = millisecondsSince1970 }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// `2025-01-20T09:30:00.000Z`: ISO 8601 in UTC with milliseconds. Sorts as text.
    public var iso8601: String {
        let ms = millisecondsSince1970
        let days = floorDiv(ms, 86_400_000)
        let msOfDay = ms - days * 86_400_000
        let date = CivilDate.fromDaysSinceEpoch(days)
        let hours = msOfDay / 3_600_000
        let minutes = (msOfDay / 60_000) % 60
        let seconds = (msOfDay / 1000) % 60
        let millis = msOfDay % 1000
        return "\(date)T\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(millis, 3))Z"
    }

    /// The UTC calendar date of this instant.
    public var utcDate: CivilDate { CivilDate.fromDaysSinceEpoch(floorDiv(millisecondsSince1970, 86_400_000)) }

    public var description: String { iso8601 }

    /// Parses the form ``iso8601`` writes (`YYYY-MM-DDTHH:MM:SS.sssZ`; the fraction is optional).
    public init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[10] == UInt8(ascii: "T"),
              let date = CivilDate(parsing: String(decoding: bytes[0..<10], as: UTF8.self)) else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        guard bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let hours = number(11..<13), let minutes = number(14..<16), let seconds = number(17..<19),
              hours < 24, minutes < 60, seconds < 61 else { return nil }
        var millis: Int64 = 0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count - 21 >= 1, bytes.count - 21 <= 9,
                  let fraction = number(20..<(bytes.count - 1)) else { return nil }
            let digits = bytes.count - 21
            millis = fraction
            if digits < 3 { for _ in digits..<3 { millis *= 10 } }
            if digits > 3 { for _ in 3..<digits { millis /= 10 } }
        } else if bytes.count != 20 {
            return nil
        }
        let ms = date.daysSinceEpoch * 86_400_000 + hours * 3_600_000 + minutes * 60_000 + seconds * 1000 + millis
        self.init(millisecondsSince1970: ms)
    }
}

private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

private func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
}
