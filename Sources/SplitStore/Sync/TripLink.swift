import SplitCore

/// The cloud group a local trip syncs with.
public struct TripLink: Hashable, Sendable {
    /// How the trip syncs with its server.
    public enum SyncProtocol: String, Sendable {
        /// split-server: the change feed and the sync batch.
        case feed
        /// The Node server: the whole group, compared with the last one pulled.
        case snapshot
    }

    public let trip: TripID
    /// The server's URL as `split login` saved it.
    public let server: String
    /// The account (user id) the link was made with.
    public let account: String
    public let group: String
    public let syncProtocol: SyncProtocol
    /// The server revision the trip holds.
    public let revision: Int64
    public let linkedAt: Timestamp
    public let syncedAt: Timestamp?

    public init(trip: TripID, server: String, account: String, group: String, syncProtocol: SyncProtocol,
                revision: Int64, linkedAt: Timestamp, syncedAt: Timestamp?) {
        self.trip = trip
        self.server = server
        self.account = account
        self.group = group
        self.syncProtocol = syncProtocol
        self.revision = revision
        self.linkedAt = linkedAt
        self.syncedAt = syncedAt
    }
}

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

/// What `split status` shows for one linked trip.
public struct LinkStatus: Hashable, Sendable {
    public let link: TripLink
    public let pending: Int
    public let conflicts: Int

    public init(link: TripLink, pending: Int, conflicts: Int) {
        self.link = link
        self.pending = pending
        self.conflicts = conflicts
    }
}
