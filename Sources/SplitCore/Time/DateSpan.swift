/// The days a listing, a summary or a report covers: a calendar month (`--month 2026-03`), or
/// from a first day, up to a last day, or both (`--since`, `--until`), each end included.
///
/// One rule for every command that takes these options, so `expenses --month 2026-03` and
/// `report --month 2026-03` mean the same 31 days.
public struct DateSpan: Hashable, Sendable {
    public let since: CivilDate?
    public let until: CivilDate?

    /// Every day: no bound either side.
    public static let always = DateSpan(uncheckedSince: nil, until: nil)

    private init(uncheckedSince since: CivilDate?, until: CivilDate?) {
        self.since = since
        self.until = until
    }

    /// From `since` to `until`, either open; refused when `since` is after `until`.
    public init(since: CivilDate?, until: CivilDate?) throws(DateSpanError) {
        if let since, let until, since > until { throw .backwards(since: since, until: until) }
        self.init(uncheckedSince: since, until: until)
    }

    /// The month `text` names as `YYYY-MM`, from its first day to its last.
    public static func month(_ text: String) throws(DateSpanError) -> DateSpan {
        let parts = text.trimmingSpaces.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, (1...2).contains(parts[1].count),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month),
              let first = CivilDate(year: year, month: month, day: 1),
              let last = CivilDate(year: year, month: month, day: CivilDate.daysIn(month: month, year: year)) else {
            throw .notAMonth(text)
        }
        return DateSpan(uncheckedSince: first, until: last)
    }

    /// The month of `--month` when given (it may not be combined with `since` or `until`),
    /// else the span of those two.
    public static func given(month: String?, since: CivilDate?, until: CivilDate?) throws(DateSpanError) -> DateSpan {
        guard let month else { return try DateSpan(since: since, until: until) }
        guard since == nil && until == nil else { throw .monthWithBounds }
        return try Self.month(month)
    }

    /// Whether `date` is in the span.
    public func contains(_ date: CivilDate) -> Bool {
        (since.map { date >= $0 } ?? true) && (until.map { date <= $0 } ?? true)
    }

    /// No bound on either side.
    public var isAlways: Bool { since == nil && until == nil }

    /// `2026-03-01 to 2026-03-31`, `from 2026-03-01`, `up to 2026-03-31`, or nil for always.
    public var words: String? {
        switch (since, until) {
        case let (since?, until?): return "\(since) to \(until)"
        case let (since?, nil): return "from \(since)"
        case let (nil, until?): return "up to \(until)"
        case (nil, nil): return nil
        }
    }
}

/// Why a span was refused: each says what is accepted.
public enum DateSpanError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAMonth(String)
    case backwards(since: CivilDate, until: CivilDate)
    case monthWithBounds

    public var description: String {
        switch self {
        case .notAMonth(let text):
            return "month '\(text)' is not a month; use YYYY-MM, for example 2026-03"
        case .backwards(let since, let until):
            return "--since \(since) is after --until \(until)"
        case .monthWithBounds:
            return "--month is a whole month; leave out --since and --until, or use them without --month"
        }
    }
}

extension DateSpanError: UserFacingError {
    public var message: String { description }
    /// A month that is no month is bad data (65), like a bad date; options that cannot go
    /// together are a usage error (64).
    public var kind: FailureKind {
        switch self {
        case .notAMonth, .backwards: return .data
        case .monthWithBounds: return .usage
        }
    }
}
