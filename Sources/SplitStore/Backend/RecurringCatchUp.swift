import SplitCore

/// What a catch-up of recurring expenses did: the instances it added, and the periods it could
/// not add (each a line to show; the rule waits at that period until it can).
public struct RecurringCatchUp: Sendable {
    public let added: [Expense]
    public let problems: [String]

    public static let nothing = RecurringCatchUp(added: [], problems: [])
}
