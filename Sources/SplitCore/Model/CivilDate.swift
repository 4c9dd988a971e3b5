/// A calendar date with no time or time zone, written `YYYY-MM-DD`. Expenses happen on one.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Builds a date, refusing impossible ones such as 2025-02-30.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CivilDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`; anything else (other separators, times, short fields) is nil.
    public init?(parsing text: String) {
        var text = text
        guard let date = text.withUTF8({ CivilDate(ascii: $0) }) else { return nil }
        self = date
    }

    /// Parses exactly `YYYY-MM-DD` from its ASCII bytes (a timestamp's first ten).
    init?(ascii bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = ASCIIDigits.read(bytes, 0..<4), let month = ASCIIDigits.read(bytes, 5..<7),
              let day = ASCIIDigits.read(bytes, 8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        appendText(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DD` as ASCII bytes: the one writer of the form. ``description`` is
    /// made from it, and a JSON listing writes it straight into its output.
    public func appendText(to bytes: inout [UInt8]) {
        ASCIIDigits.append(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        ASCIIDigits.append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        ASCIIDigits.append(day, width: 2, to: &bytes)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
