/// One item as the server has it now: its revision and value, or a tombstone.
public struct RemoteItem: Hashable, Sendable {
    public let key: SyncItemKey
    public let revision: Int64
    /// Nil when the item was deleted.
    public let value: SyncValue?
    /// When the server stored the item first; listings order same-day items by it.
    public let createdAt: Timestamp?

    public init(key: SyncItemKey, revision: Int64, value: SyncValue?, createdAt: Timestamp? = nil) {
        self.key = key
        self.revision = revision
        self.value = value
        self.createdAt = createdAt
    }
}
