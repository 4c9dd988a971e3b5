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
    /// The trip's own parts its server was last seen to keep; nil before its first sync
    /// (``SchemaServerKeeps``).
    public let serverKeeps: Set<TripOwnPart>?

    public init(trip: TripID, server: String, account: String, group: String, syncProtocol: SyncProtocol,
                revision: Int64, linkedAt: Timestamp, syncedAt: Timestamp?, serverKeeps: Set<TripOwnPart>? = nil) {
        self.trip = trip
        self.server = server
        self.account = account
        self.group = group
        self.syncProtocol = syncProtocol
        self.revision = revision
        self.linkedAt = linkedAt
        self.syncedAt = syncedAt
        self.serverKeeps = serverKeeps
    }

    /// The link after a sync that left the trip at `revision`, at `at`.
    public func advanced(to revision: Int64, at: Timestamp) -> TripLink {
        TripLink(trip: trip, server: server, account: account, group: group, syncProtocol: syncProtocol,
                 revision: revision, linkedAt: linkedAt, syncedAt: at, serverKeeps: serverKeeps)
    }
}
