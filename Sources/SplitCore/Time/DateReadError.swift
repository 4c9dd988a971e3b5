/// Why ``DateReader`` named no day for what was typed. Every case suggests what to type
/// instead: a refused date that says only "invalid" leaves the person guessing the form.
public enum DateReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What an unknown date most likely meant, and the day it names.
    public struct Suggestion: Equatable, Sendable {
        public let words: String
        public let date: CivilDate
    }

    /// In no form split reads; with the words it most likely meant, when any read.
    case unknown(String, suggestion: Suggestion?)
    /// In a form split reads, read as `read`, a day the calendar lacks; with the nearest real one.
    case notADay(String, read: String, nearest: CivilDate?)
    /// A slash date that reads both ways round (`7/6`).
    case ambiguous(String, dayMonth: CivilDate, monthDay: CivilDate)
    /// A slash date that only reads month first (`11/28`), which split does not guess.
    case monthFirst(String, reading: CivilDate)

    public var description: String {
        switch self {
        case .unknown(let text, let suggestion?):
            return "date '\(text)' is not a date split reads; did you mean '\(suggestion.words)' (\(suggestion.date))?"
        case .unknown(let text, nil):
            return "date '\(text)' is not a date split reads; use \(DateReader.forms)"
        case .notADay(let text, let read, let nearest):
            let head = text == read ? "date '\(text)' does not exist" : "date '\(text)' is \(read), which does not exist"
            return head + (nearest.map { "; did you mean \($0)?" } ?? "; use \(DateReader.forms)")
        case .ambiguous(let text, let dayMonth, let monthDay):
            return "date '\(text)' could be day/month or month/day; did you mean \(dayMonth) or \(monthDay)?"
        case .monthFirst(let text, let reading):
            return "date '\(text)' is month/day, and split reads a slash date day first only when the day is over 12; "
                + "did you mean \(reading)?"
        }
    }
}

extension DateReadError: UserFacingError {
    public var message: String { description }
    public var kind: FailureKind { .data }
}
