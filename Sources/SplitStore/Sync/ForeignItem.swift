import SplitCore

/// A server's item that split holds only with a repair, or cannot hold at all: listed by
/// `split status` and `split conflicts`, so nothing another client wrote changes or vanishes
/// unseen.
public struct ForeignItem: Hashable, Sendable {
    public enum State: String, Sendable {
        /// No sound reading: kept here, out of the trip and its balances, until fixed.
        case held
        /// In the trip as read; `reason` says what the reading changed.
        case repaired
    }

    public let trip: TripID
    public let item: SyncItemKey
    public let state: State
    /// The server's revision of the version noted.
    public let revision: Int64
    /// The server's version as it sent it (held items only).
    public let body: String?
    /// The best reading of a held item, for `split expense edit` to start from.
    public let draft: SyncValue?
    public let reason: String
    public let notedAt: Timestamp

    public init(trip: TripID, item: SyncItemKey, state: State, revision: Int64, body: String?, draft: SyncValue?,
                reason: String, notedAt: Timestamp) {
        self.trip = trip
        self.item = item
        self.state = state
        self.revision = revision
        self.body = body
        self.draft = draft
        self.reason = reason
        self.notedAt = notedAt
    }
}
