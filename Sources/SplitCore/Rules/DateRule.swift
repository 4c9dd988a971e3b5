/// Which dates a person may give an expense or a payment: from 1970-01-01 to one year after today.
///
/// A date before 1970 or years ahead is a typo (`2052` for `2025`, a day count gone wrong), not a
/// plan, and once stored it sorts the trip's list oddly and hides among old expenses. The rule
/// holds for what is typed (flags and batch lines); dates other clients or imports bring are
/// kept as they are, since they were already accepted somewhere.
public enum DateRule {
    /// The earliest date accepted.
    public static let earliest = CivilDate(year: 1970, month: 1, day: 1)!

    /// The latest date accepted: the same day next year (February 28 for February 29).
    public static func latest(today: CivilDate) -> CivilDate {
        CivilDate(year: today.year + 1, month: today.month, day: today.day)
            ?? CivilDate(year: today.year + 1, month: today.month, day: 28)!
    }

    /// Refuses a date outside ``earliest`` ... ``latest(today:)``.
    public static func check(_ date: CivilDate, today: CivilDate) throws(DateError) {
        guard date >= earliest else { throw .beforeEarliest(date) }
        let latest = latest(today: today)
        guard date <= latest else { throw .tooFarAhead(date, today: today, latest: latest) }
    }
}

/// Why a typed date was refused by ``DateRule``.
public enum DateError: Error, Equatable, Sendable, CustomStringConvertible {
    case beforeEarliest(CivilDate)
    case tooFarAhead(CivilDate, today: CivilDate, latest: CivilDate)

    public var description: String {
        switch self {
        case .beforeEarliest(let date):
            return "date \(date) is before 1970; split takes dates from \(DateRule.earliest) on"
        case .tooFarAhead(let date, let today, let latest):
            return "date \(date) is more than a year ahead of today (\(today)); the latest date split takes is \(latest); "
                + "did you mean \(DateError.thisYear(date, today: today))?"
        }
    }
}

extension DateError {
    /// The date split would take that one years ahead most likely meant: the same day this
    /// year, as a year typed wrong (`2052` for `2025`, next year's for this year's) is the
    /// usual slip. It is never past ``DateRule/latest(today:)``.
    static func thisYear(_ date: CivilDate, today: CivilDate) -> CivilDate {
        CivilDate(year: today.year, month: date.month, day: date.day)
            ?? CivilDate(year: today.year, month: date.month, day: 28)!
    }
}

extension DateError: UserFacingError {
    public var message: String { description }
    public var kind: FailureKind { .data }
}
