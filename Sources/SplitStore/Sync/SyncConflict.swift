import SplitCore

/// A change the server could not take as it was, kept until `split resolve` settles it.
public struct SyncConflict: Hashable, Sendable {
    public let id: Int64
    public let trip: TripID
    public let item: SyncItemKey
    /// The field group both sides changed (`amount`, `name`, `rate`...), `deleted` for an edit
    /// against a delete, or `rejected` when the server refused the change.
    public let field: String
    /// The local version in full; nil when the local change deleted the item.
    public let mine: SyncValue?
    /// The server's version in full; nil when the server's side deleted it.
    public let theirs: SyncValue?
    /// The server's reason, for a rejected change.
    public let detail: String?
    public let createdAt: Timestamp

    public init(id: Int64, trip: TripID, item: SyncItemKey, field: String, mine: SyncValue?, theirs: SyncValue?,
                detail: String?, createdAt: Timestamp) {
        self.id = id
        self.trip = trip
        self.item = item
        self.field = field
        self.mine = mine
        self.theirs = theirs
        self.detail = detail
        self.createdAt = createdAt
    }
}
