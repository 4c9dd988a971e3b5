import SplitCore

/// One sync round's answer: the result of each pushed operation and a page of changes.
public struct SyncAnswer: Sendable {
    public let outcomes: [OperationOutcome]
    public let changes: RemoteChanges
    /// More changes follow: ask again from `changes.revision`.
    public let more: Bool

    public init(outcomes: [OperationOutcome], changes: RemoteChanges, more: Bool) {
        self.outcomes = outcomes
        self.changes = changes
        self.more = more
    }
}
