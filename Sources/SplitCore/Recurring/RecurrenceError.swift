/// Why a recurring rule was refused: each says what is accepted.
public enum RecurrenceError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownFrequency(String)
    case badWeekday(String)
    case badDayOfMonth(String)
    case untilBeforeStart(until: CivilDate, start: CivilDate)
    case badTimes(Int)
    case untilAndTimes
    /// `recurring edit --from` later than the next instance still to be made: that instance
    /// would follow the new rule, though it falls before the date.
    case fromAfterNext(from: CivilDate, next: CivilDate)

    public var description: String {
        switch self {
        case .unknownFrequency(let text):
            "--every '\(text)' is not a frequency; use \(RecurrenceFrequency.accepted)"
        case .badWeekday(let text):
            "--on '\(text)' is not a weekday; a weekly rule takes a weekday such as monday or fri"
        case .badDayOfMonth(let text):
            "--on '\(text)' is not a day of the month; use 1 to 31 or last (31 falls on the last day of shorter months)"
        case .untilBeforeStart(let until, let start):
            "--until \(until) is before the rule's first day \(start)"
        case .badTimes(let times):
            "--times \(times) is not a number of instances; use 1 or more"
        case .untilAndTimes:
            "--until and --times both say when the rule stops; give one of them"
        case .fromAfterNext(let from, let next):
            "--from \(from) is after \(next), the next instance still to be added, which would follow the change; "
                + "give --from \(next) or earlier, or make the change once \(next) has been added"
        }
    }
}

extension RecurrenceError: UserFacingError {
    public var message: String { description }
    /// Options that cannot go together are a usage error (64); a value that is no frequency,
    /// day or count is bad data (65), like a bad date.
    public var kind: FailureKind {
        switch self {
        case .untilAndTimes: .usage
        default: .data
        }
    }
}
