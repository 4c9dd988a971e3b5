/// When a recurring expense falls due: every period from the first day on or after `start`
/// that falls on `day`, until `end`. Each period has exactly one date, so a rule never adds an
/// instance twice or skips one, in any month or leap year.
///
/// Month, quarter and year rules count calendar months from the start's month (the next
/// month-step when the day has already passed in it); week rules count days from the first
/// matching weekday.
public struct RecurrenceSchedule: Hashable, Sendable {
    public let frequency: RecurrenceFrequency
    public let start: CivilDate
    public let day: RecurrenceDay
    public let end: RecurrenceEnd

    /// Checks the end against the start. A `day` of the wrong kind for `frequency` (a weekday
    /// for a monthly rule) is taken from the start instead, as ``RecurrenceDay/init(parsing:frequency:start:)``
    /// never makes one.
    public init(frequency: RecurrenceFrequency, start: CivilDate, day: RecurrenceDay, end: RecurrenceEnd) throws(RecurrenceError) {
        switch end {
        case .until(let until) where until < start: throw .untilBeforeStart(until: until, start: start)
        case .times(let times) where times < 1: throw .badTimes(times)
        default: break
        }
        self.frequency = frequency
        self.start = start
        switch (frequency.days, day) {
        case (.some, .weekday), (nil, .dayOfMonth): self.day = day
        case (.some, .dayOfMonth): self.day = .weekday(start.weekday)
        case (nil, .weekday): self.day = .dayOfMonth(start.day)
        }
        self.end = end
    }

    /// Reads the options of `recurring add`: `--every`, `--on`, `--from` (the start) and one of
    /// `--until` and `--times`.
    public init(every: String, on: String?, start: CivilDate, until: CivilDate?, times: Int?) throws(RecurrenceError) {
        let frequency = try RecurrenceFrequency(parsing: every)
        let end = try RecurrenceEnd(until: until, times: times) ?? .never
        try self.init(frequency: frequency, start: start, day: try RecurrenceDay(parsing: on, frequency: frequency, start: start),
                      end: end)
    }

    /// Period `index`, or nil when the rule has ended before it (or it would fall past year 9999).
    public func period(_ index: Int) -> RecurrencePeriod? {
        guard index >= 0, let date = date(ofPeriod: index) else { return nil }
        switch end {
        case .never: break
        case .until(let until): if date > until { return nil }
        case .times(let times): if index >= times { return nil }
        }
        return RecurrencePeriod(index: index, date: date, key: key(of: date))
    }

    /// The periods from `first` on whose date is on or before `today`, in order: the instances a
    /// catch-up adds when nothing was added since period `first - 1`.
    public func due(from first: Int = 0, through today: CivilDate) -> [RecurrencePeriod] {
        var result: [RecurrencePeriod] = []
        var index = max(first, 0)
        while let period = period(index), period.date <= today {
            result.append(period)
            index += 1
        }
        return result
    }

    /// The first period dated on or after `date`, or nil when the rule has ended by then: where
    /// `recurring edit --from DATE` starts changing instances, and the next due period.
    public func firstPeriod(onOrAfter date: CivilDate) -> RecurrencePeriod? {
        period(firstIndex(onOrAfter: date))
    }

    /// The index of the first period dated on or after `date`, whether or not the rule has
    /// ended by then.
    func firstIndex(onOrAfter date: CivilDate) -> Int {
        var index: Int
        if let days = frequency.days {
            let first = firstWeekly
            let gap = date.daysSinceEpoch - first.daysSinceEpoch
            index = gap <= 0 ? 0 : Int((gap + days - 1) / days)
        } else {
            let step = frequency.months ?? 1
            index = max(0, (Self.monthIndex(date) - firstMonthIndex) / step - 1)
            while let candidate = self.date(ofPeriod: index), candidate < date { index += 1 }
        }
        return index
    }

    /// The date of period `index`, ignoring the end.
    func date(ofPeriod index: Int) -> CivilDate? {
        // No period is further than 10,000 years of weeks away: that bound keeps the arithmetic
        // from overflowing for any index (a rule ended long ago may be asked for a huge one).
        guard index <= 600_000 else { return nil }
        if let days = frequency.days {
            let date = firstWeekly.adding(days: Int64(index) * days)
            return date.year >= 9999 ? nil : date
        }
        let month = firstMonthIndex + index * (frequency.months ?? 1)
        guard month / 12 < 9999, case .dayOfMonth(let wanted) = day else { return nil }
        let year = month / 12, monthOfYear = month % 12 + 1
        return CivilDate(year: year, month: monthOfYear, day: min(wanted, CivilDate.daysIn(month: monthOfYear, year: year)))
    }

    /// The first date on or after the start that falls on the rule's weekday.
    private var firstWeekly: CivilDate {
        guard case .weekday(let weekday) = day else { return start }
        return start.adding(days: Int64((weekday - start.weekday + 7) % 7))
    }

    /// The month (counted from year 0) of the first period: the start's, or one step later when
    /// the day has passed in the start's month.
    private var firstMonthIndex: Int {
        guard case .dayOfMonth(let wanted) = day else { return Self.monthIndex(start) }
        let inStartMonth = min(wanted, CivilDate.daysIn(month: start.month, year: start.year))
        return Self.monthIndex(start) + (inStartMonth >= start.day ? 0 : frequency.months ?? 1)
    }

    private static func monthIndex(_ date: CivilDate) -> Int { date.year * 12 + date.month - 1 }

    /// The calendar slot `date` fills (``RecurrencePeriod/key``).
    func key(of date: CivilDate) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        switch frequency {
        case .week, .twoWeeks: return date.adding(days: -Int64((date.weekday + 6) % 7)).description
        case .month, .quarter: return padded(date.year, 4) + "-" + padded(date.month, 2)
        case .year: return padded(date.year, 4)
        }
    }
}
