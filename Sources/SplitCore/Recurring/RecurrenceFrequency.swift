/// How often a recurring expense falls due (`--every`). Weeks count days; months, quarters and
/// years count calendar months, so rent stays on its day of the month.
public enum RecurrenceFrequency: String, CaseIterable, Hashable, Sendable {
    case week
    case twoWeeks = "2weeks"
    case month
    case quarter
    case year

    /// What `--every` accepts, as a refusal lists it.
    public static let accepted = "week, 2weeks, month, quarter or year"

    /// Reads `--every`: one of ``accepted``, in any case. Anything else (`fortnight`,
    /// `monthly`) is refused with the accepted list, so a typo never picks a frequency.
    public init(parsing text: String) throws(RecurrenceError) {
        guard let frequency = Self(rawValue: text.trimmingSpaces.lowercased()) else {
            throw .unknownFrequency(text)
        }
        self = frequency
    }

    /// Days from one period to the next, for the frequencies that count days.
    var days: Int64? {
        switch self {
        case .week: 7
        case .twoWeeks: 14
        case .month, .quarter, .year: nil
        }
    }

    /// Calendar months from one period to the next, for the frequencies that count months.
    var months: Int? {
        switch self {
        case .week, .twoWeeks: nil
        case .month: 1
        case .quarter: 3
        case .year: 12
        }
    }
}
