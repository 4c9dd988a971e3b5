/// One item as the server has it now: its revision and value, a tombstone, or a version with
/// no sound reading (``held``).
public struct RemoteItem: Hashable, Sendable {
    public let key: SyncItemKey
    public let revision: Int64
    /// Nil when the item was deleted, or when it is held.
    public let value: SyncValue?
    /// When the server stored the item first; listings order same-day items by it.
    public let createdAt: Timestamp?
    /// Set when the server's version cannot be part of the trip (``ForeignReading``): it is
    /// kept and listed, never dropped, and `value` is nil although the item is not deleted.
    public let held: HeldVersion?
    /// What reading another client's version changed (float shares repaired, say).
    public let repairs: [ForeignRepair]

    public init(key: SyncItemKey, revision: Int64, value: SyncValue?, createdAt: Timestamp? = nil,
                held: HeldVersion? = nil, repairs: [ForeignRepair] = []) {
        self.key = key
        self.revision = revision
        self.value = value
        self.createdAt = createdAt
        self.held = held
        self.repairs = repairs
    }

    /// The same item at another revision (a snapshot pull stamps its own).
    public func at(revision: Int64) -> RemoteItem {
        RemoteItem(key: key, revision: revision, value: value, createdAt: createdAt, held: held, repairs: repairs)
    }

    /// The same item held for `reason`, with the server's body.
    public func holding(_ reason: String, body: String) -> RemoteItem {
        RemoteItem(key: key, revision: revision, value: nil, createdAt: createdAt,
                   held: HeldVersion(body: body, reason: reason, draft: value ?? held?.draft))
    }
}

/// A server's version of an item that has no sound reading: its body exactly as the server
/// sent it, why it cannot be used, and the best reading there is (for `split expense edit`
/// to start from), when there is one.
public struct HeldVersion: Hashable, Sendable {
    public let body: String
    public let reason: String
    public let draft: SyncValue?

    public init(body: String, reason: String, draft: SyncValue? = nil) {
        self.body = body
        self.reason = reason
        self.draft = draft
    }
}
