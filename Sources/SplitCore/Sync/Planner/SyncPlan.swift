/// What the planner decided for one pulled item (``SyncPlanner/pulled(_:heldRevision:waiting:local:)``).
public enum PullDecision: Hashable, Sendable {
    /// The device already holds this revision or a newer one (another sync raced ahead).
    case skip
    /// Local changes to the item wait: the trip keeps the local version, the server's is
    /// kept beside it for the merge.
    case keepLocal
    /// No sound reading: out of the trip (and its balances) until fixed, kept and listed.
    case hold
    /// What the trip holds already (the echo of this device's own change): only the
    /// server's creation time is taken.
    case echo
    /// The trip takes the server's version (nil: the item was deleted).
    case write(SyncValue?)
}

/// One conflict to record for a person to settle.
public struct PlannedConflict: Hashable, Sendable {
    /// The field group (`amount`, `name`...), `deleted`, `rejected` or `held`.
    public let field: String
    public let mine: SyncValue?
    public let theirs: SyncValue?
    public let detail: String?

    public init(field: String, mine: SyncValue?, theirs: SyncValue?, detail: String? = nil) {
        self.field = field
        self.mine = mine
        self.theirs = theirs
        self.detail = detail
    }
}

/// How the planner settles one troubled item (``SyncPlanner/settle(_:)``): what the trip
/// shows, what is recorded, and what goes to the server again.
public struct Settlement: Hashable, Sendable {
    /// The version the trip shows afterwards (nil: not in the trip).
    public var write: SyncValue?
    /// The server's version is held: note it as such.
    public var holds = false
    public var conflicts: [PlannedConflict] = []
    /// A merged version that differs from the server's, sent again on the server's new base.
    public var resend: SyncOperation?

    public init(write: SyncValue?, holds: Bool = false, conflicts: [PlannedConflict] = [], resend: SyncOperation? = nil) {
        self.write = write
        self.holds = holds
        self.conflicts = conflicts
        self.resend = resend
    }
}
