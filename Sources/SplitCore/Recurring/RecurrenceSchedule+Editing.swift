/// What `recurring edit` needs of a schedule: another schedule made from this one, and the
/// calendar slots (``RecurrencePeriod/key``) that tie an instance to its period whatever the
/// schedule's day.
extension RecurrenceSchedule {
    /// This schedule with what `recurring edit` gives: `--every`, `--on` and a new end, each
    /// nil to keep this one's. The start stays, so periods keep counting from it; a day of the
    /// wrong kind for a new frequency (a day of the month for a weekly rule) is taken from the
    /// start, as ``init(frequency:start:day:end:)`` does. Refused as `recurring add` refuses.
    public func changed(every: String?, on: String?, end: RecurrenceEnd?) throws(RecurrenceError) -> RecurrenceSchedule {
        var frequency = self.frequency
        if let every { frequency = try RecurrenceFrequency(parsing: every) }
        var day = self.day
        if let on { day = try RecurrenceDay(parsing: on, frequency: frequency, start: start) }
        return try RecurrenceSchedule(frequency: frequency, start: start, day: day, end: end ?? self.end)
    }

    /// Whether `other` dates every period as this one does (it may end elsewhere).
    public func datesLike(_ other: RecurrenceSchedule) -> Bool {
        frequency == other.frequency && start == other.start && day == other.day
    }

    /// The period that fills calendar slot `key`, if this schedule has one (a quarterly rule
    /// fills one month in three; a rule that has ended fills none after).
    public func period(forKey key: String) -> RecurrencePeriod? {
        guard let first = Self.slotStart(key), let period = firstPeriod(onOrAfter: first), period.key == key else { return nil }
        return period
    }

    /// Period `index`, whether or not the rule has ended by then.
    func unboundedPeriod(_ index: Int) -> RecurrencePeriod? {
        guard index >= 0, let date = date(ofPeriod: index) else { return nil }
        return RecurrencePeriod(index: index, date: date, key: key(of: date))
    }

    /// The last day `period` pays for: one step of this schedule (a week, two, a month, a
    /// quarter, a year) from the first day of its calendar slot. Rent paid on the 15th of
    /// January covers January; a quarterly bill of February covers February to April.
    func coverageEnd(of period: RecurrencePeriod) -> CivilDate {
        let first = Self.slotStart(period.key) ?? period.date
        if let days = frequency.days { return first.adding(days: days - 1) }
        let month = first.year * 12 + first.month - 1 + (frequency.months ?? 1)
        guard let next = CivilDate(year: month / 12, month: month % 12 + 1, day: 1) else {
            return CivilDate(year: 9999, month: 12, day: 31)!
        }
        return next.adding(days: -1)
    }

    /// The first day of the slot a key names: `2026` (a year), `2026-03` (a month) or
    /// `2026-03-02` (the Monday of a week).
    static func slotStart(_ key: String) -> CivilDate? {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        switch parts.count {
        case 1: return parts[0].flatMap { CivilDate(year: $0, month: 1, day: 1) }
        case 2: return parts[0].flatMap { year in parts[1].flatMap { CivilDate(year: year, month: $0, day: 1) } }
        default: return CivilDate(parsing: key)
        }
    }
}
