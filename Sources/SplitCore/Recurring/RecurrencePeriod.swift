/// One period of a recurring expense: its number (0 for the first), the date its instance is
/// dated, and its key, which names the period in the instance's id (``instanceID(rule:)``).
public struct RecurrencePeriod: Hashable, Sendable {
    public let index: Int
    public let date: CivilDate
    /// The calendar slot the period fills: `2026-03` for a monthly or quarterly rule, `2026` for
    /// a yearly one, the Monday of its week (`2026-03-02`) for a weekly one. A rule edited from
    /// a date on (another day of the month, say) keeps filling the same slots, so an instance made
    /// before the edit on another device is still the same instance after it.
    public let key: String

    /// The instance's id: a name-based UUID of the rule and the period, the same on every device.
    public func instanceID(rule: String) -> ExpenseID {
        ExpenseID(NameBasedID.make(namespace: NameBasedID.splitNamespace, name: "recurring/\(rule)/\(key)")!)
    }
}
