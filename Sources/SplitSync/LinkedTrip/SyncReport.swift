import SplitCore

/// What `split sync` reports for one trip.
public struct SyncReport: Hashable, Sendable {
    public let trip: TripID
    /// Local changes the server took.
    public var pushed = 0
    /// Changes from others this device now holds.
    public var pulled = 0
    /// New conflicts.
    public var conflicts = 0
    /// Server items newly held: no sound reading, kept and listed, out of the trip.
    public var held = 0
    /// The server revision the trip now holds.
    public var revision: Int64
    /// Operations still waiting.
    public var pending = 0

    public init(trip: TripID, revision: Int64) {
        self.trip = trip
        self.revision = revision
    }
}
