/// An item whose pushed change the server did not take as it was: what the planner needs to
/// settle it (``SyncPlanner/settle(_:)``).
public struct SyncTrouble: Hashable, Sendable {
    /// The last of the item's operations in this push.
    public var operation: SyncOperation
    /// The base stored with the item's first waiting operation.
    public var base: SyncValue?
    /// The local version, read before anything of this sync changed it.
    public var mine: SyncValue?
    /// The server's version as the answer or the pull gave it.
    public var current: RemoteItem?
    /// The server's version known before this sync, for a refusal without `current`.
    public var known: SyncValue?
    /// The server's reason, when it refused the change.
    public var rejection: String?

    public init(operation: SyncOperation, base: SyncValue?, mine: SyncValue?, current: RemoteItem? = nil,
                known: SyncValue? = nil, rejection: String? = nil) {
        self.operation = operation
        self.base = base
        self.mine = mine
        self.current = current
        self.known = known
        self.rejection = rejection
    }
}
