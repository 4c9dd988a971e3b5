/// What one sync did locally.
public struct SyncTally: Hashable, Sendable {
    /// Items the server changed that this device now holds.
    public var pulled = 0
    /// Conflicts recorded.
    public var conflicts = 0
    /// Operations the server applied.
    public var applied = 0
    /// Items the server holds that have no sound reading here: kept and listed, not in the trip.
    public var held = 0
    /// The server revision the trip holds afterwards.
    public var revision: Int64 = 0
    /// Operations still waiting in the trip's outbox afterwards: counted in the same
    /// transaction, so a sync never counts again.
    public var pending = 0

    public init() {}
}
