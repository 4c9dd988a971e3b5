import SplitCore

/// The rule and period an instance was made for, as `expenses` marks it.
public struct RecurringOrigin: Sendable, Hashable {
    public let rule: RecurringRuleID
    /// The rule's description (a deleted rule's too).
    public let description: String
    /// The calendar slot (``SplitCore/RecurrencePeriod/key``): `2026-03`.
    public let period: String
    /// Whether the rule has been deleted since (its instances stay).
    public var ruleDeleted = false
}
