import SplitCore

/// What `recurring edit` did: the rule as it is now, the instances it made again from
/// `--from` on, and those it kept because they were edited by hand.
public struct RecurringEdit: Sendable {
    public let rule: RecurringRule
    public let changed: [Expense]
    public let kept: [Expense]
}
