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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendISO8601(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``iso8601`` as ASCII bytes: the one writer of the form, which a JSON listing
    /// writes straight into its output.
    public func appendISO8601(to bytes: inout [UInt8]) {
        let ms = millisecondsSince1970
        let days = floorDiv(ms, 86_400_000)
        let msOfDay = Int(ms - days * 86_400_000)
        CivilDate.fromDaysSinceEpoch(days).appendText(to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        ASCIIDigits.append(msOfDay / 3_600_000, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        ASCIIDigits.append((msOfDay / 60_000) % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        ASCIIDigits.append((msOfDay / 1000) % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        ASCIIDigits.append(msOfDay % 1000, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// The UTC calendar date of this instant.
    public var utcDate: CivilDate { CivilDate.fromDaysSinceEpoch(floorDiv(millisecondsSince1970, 86_400_000)) }

    public var description: String { iso8601 }

    /// Parses the form ``iso8601`` writes (`YYYY-MM-DDTHH:MM:SS.sssZ`; the fraction is optional).
    public init?(iso8601 text: String) {
        var text = text
        guard let instant = text.withUTF8({ Timestamp(ascii: $0) }) else { return nil }
        self = instant
    }

    /// Parses the form ``iso8601`` writes from its ASCII bytes.
    init?(ascii bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[10] == UInt8(ascii: "T"),
              let date = CivilDate(ascii: UnsafeBufferPointer(rebasing: bytes[0..<10])) else { return nil }
        func number(_ range: Range<Int>) -> Int64? { ASCIIDigits.read(bytes, range).map(Int64.init) }
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
