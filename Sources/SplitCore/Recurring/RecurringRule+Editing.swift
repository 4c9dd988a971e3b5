/// `recurring edit`: a rule with a new template or schedule, how far its catch-ups have got
/// carried over by calendar slot, and its instances told apart from ones edited by hand.
extension RecurringRule {
    /// This rule with `template` and `schedule`. Instances not made yet follow them. When the
    /// schedule dates its periods differently (another day, another frequency), the next
    /// period is the first one after what the last period considered covers
    /// (``nextPeriod(under:today:)``), so a period is never filled twice: rent moved from the
    /// 1st to the 15th after January's was added starts on 15 February.
    public func edited(template: RecurringTemplate, schedule: RecurrenceSchedule, today: CivilDate) -> RecurringRule {
        var rule = self
        rule.nextPeriod = nextPeriod(under: schedule, today: today)
        rule.template = template
        rule.schedule = schedule
        return rule
    }

    /// Where catch-ups under `other` go on from: this rule's next period when `other` dates
    /// periods alike; else the first period of `other` after the day the last period this
    /// rule considered covers up to (``RecurrenceSchedule/coverageEnd(of:)``); the first on or
    /// after `today` when that period is past any date (a rule resumed after its end).
    public func nextPeriod(under other: RecurrenceSchedule, today: CivilDate) -> Int {
        if other.datesLike(schedule) || nextPeriod == 0 { return nextPeriod }
        guard let last = schedule.unboundedPeriod(nextPeriod - 1) else { return other.firstIndex(onOrAfter: today) }
        return other.firstIndex(onOrAfter: schedule.coverageEnd(of: last).adding(days: 1))
    }

    /// The latest `--from` an edit may give: the date of the next instance still to be made
    /// (for a paused rule, the first one it could make once resumed today), or nil when the
    /// rule has ended. Every instance not made yet follows an edit, so a later date could not
    /// keep the ones before it as they were.
    public func latestFrom(today: CivilDate) -> CivilDate? {
        guard let next = schedule.period(nextPeriod) else { return nil }
        guard paused, next.date < today else { return next.date }
        return schedule.firstPeriod(onOrAfter: today)?.date
    }

    /// Whether `expense`, an instance of this rule, is still what the rule makes for its
    /// period: the same date, description, amount, category, note, payers and shares (paid
    /// marks aside). An instance edited since it was made (here, or on another device and
    /// synced) is not, nor one made before an earlier change of the rule: `recurring edit
    /// --from` leaves those as they are. `present` gives the members who share an instance
    /// of a rule that names nobody.
    public func made(_ expense: Expense, present: (CivilDate) -> [MemberID]) -> Bool {
        guard let period = schedule.firstPeriod(onOrAfter: expense.date), period.date == expense.date,
              period.instanceID(rule: id.rawValue) == expense.id,
              let built = try? template.instance(of: id, period, present: present(period.date)) else { return false }
        return Self.sameContent(built, expense)
    }

    /// This rule's version of `expense`, its instance for calendar slot `key`: the same id,
    /// dated as this schedule dates the slot (its own date when the schedule has no period
    /// there), shares marked paid still paid.
    public func remade(_ expense: Expense, key: String, present: (CivilDate) -> [MemberID]) throws(SplitError) -> Expense {
        let date = schedule.period(forKey: key)?.date ?? expense.date
        var made = try template.expense(id: expense.id, date: date, present: present(date))
        let paid = Set(expense.splits.filter(\.isPaid).map(\.memberID))
        made.splits = made.splits.map { ExpenseSplit(memberID: $0.memberID, amount: $0.amount, isPaid: paid.contains($0.memberID)) }
        made.createdAt = expense.createdAt
        return made
    }

    /// The fields a person sees, in any order of payers and shares; zero shares and paid
    /// marks aside.
    public static func sameContent(_ one: Expense, _ other: Expense) -> Bool {
        func shares(_ expense: Expense) -> [MemberID: Int64] {
            Dictionary(expense.splits.filter { $0.amount != 0 }.map { ($0.memberID, $0.amount) }, uniquingKeysWith: +)
        }
        func paid(_ expense: Expense) -> [MemberID: Int64] {
            Dictionary(expense.payers.map { ($0.memberID, $0.amount) }, uniquingKeysWith: +)
        }
        return one.description == other.description && one.amount == other.amount && one.category == other.category
            && one.note == other.note && one.date == other.date && shares(one) == shares(other) && paid(one) == paid(other)
    }
}
