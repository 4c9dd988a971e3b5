/// A recurring expense (`split recurring add`): a template, a schedule, and how far catch-ups
/// have got. Instances are ordinary expenses whose ids are named after the rule and period
/// (``RecurrencePeriod/instanceID(rule:)``), so however many devices catch up, each period has
/// one instance, and one that was deleted stays deleted: a catch-up only adds periods from
/// ``nextPeriod`` on, and the store never re-adds an id it already holds, deleted or not.
public struct RecurringRule: Hashable, Sendable {
    public let id: RecurringRuleID
    public var template: RecurringTemplate
    public var schedule: RecurrenceSchedule
    /// Paused rules add nothing; resuming catches up only from the resume day on
    /// (``resumed(on:)``), since a paused month was paused on purpose.
    public var paused: Bool
    /// The first period no catch-up has considered yet.
    public var nextPeriod: Int

    public init(id: RecurringRuleID, template: RecurringTemplate, schedule: RecurrenceSchedule, paused: Bool = false,
                nextPeriod: Int = 0) {
        self.id = id
        self.template = template
        self.schedule = schedule
        self.paused = paused
        self.nextPeriod = nextPeriod
    }

    /// The date of the next instance a catch-up would add, or nil when the rule has ended or is
    /// paused: the one value a store keeps indexed, so opening a trip whose rules have nothing
    /// due costs one indexed read.
    public var nextDue: CivilDate? {
        paused ? nil : schedule.period(nextPeriod)?.date
    }

    /// The periods due on or before `today` that no catch-up has considered, and the rule
    /// advanced past them. Nothing when paused.
    public func catchUp(through today: CivilDate) -> (due: [RecurrencePeriod], rule: RecurringRule) {
        guard !paused else { return ([], self) }
        let due = schedule.due(from: nextPeriod, through: today)
        var advanced = self
        advanced.nextPeriod = (due.last?.index).map { $0 + 1 } ?? nextPeriod
        return (due, advanced)
    }

    /// The rule as every device shares it: the definition and whether it is paused, without
    /// this device's progress (``nextPeriod``), which each device keeps for itself since every
    /// device derives the same instance ids.
    public var shared: RecurringRule {
        var rule = self
        rule.nextPeriod = 0
        return rule
    }

    /// The rule resumed on `day`: periods before it are skipped, as they fell while it was paused.
    public func resumed(on day: CivilDate) -> RecurringRule {
        var rule = self
        rule.paused = false
        rule.nextPeriod = max(nextPeriod, schedule.firstPeriod(onOrAfter: day)?.index ?? Int.max)
        return rule
    }
}
