/// The day a recurring expense falls on (`--on`): a weekday for weekly rules, a day of the month
/// for the others. A day past a month's end (`--on 31` in April, or 29 February in 2027) falls
/// on that month's last day, so every period still has exactly one date.
public enum RecurrenceDay: Hashable, Sendable {
    /// 0 for Sunday to 6 for Saturday, as ``CivilDate/weekday`` counts.
    case weekday(Int)
    /// 1 to 31.
    case dayOfMonth(Int)

    /// Reads `--on` for `frequency`: a weekday name or its first three letters or more for
    /// weekly rules; 1 to 31, or `last`, for the others. Without `--on` the day is the start's.
    public init(parsing text: String?, frequency: RecurrenceFrequency, start: CivilDate) throws(RecurrenceError) {
        let typed = text?.trimmingSpaces.lowercased()
        if frequency.days != nil {
            guard let typed else { self = .weekday(start.weekday); return }
            guard let weekday = CalendarWords.weekday(typed) else { throw .badWeekday(text ?? "") }
            self = .weekday(weekday)
            return
        }
        guard let typed else { self = .dayOfMonth(start.day); return }
        if typed == "last" { self = .dayOfMonth(31); return }
        guard typed.utf8.count <= 2, let day = Int(typed), (1...31).contains(day) else { throw .badDayOfMonth(text ?? "") }
        self = .dayOfMonth(day)
    }

    /// How `--on` writes this day back (`monday`, `15`).
    public var text: String {
        switch self {
        case .weekday(let weekday): CalendarWords.weekdays[weekday]
        case .dayOfMonth(let day): String(day)
        }
    }
}
