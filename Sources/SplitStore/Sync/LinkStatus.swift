/// What `split status` shows for one linked trip.
public struct LinkStatus: Hashable, Sendable {
    public let link: TripLink
    public let pending: Int
    public let conflicts: Int
    /// Server items with no sound reading, kept out of the trip (``ForeignItem``).
    public let held: Int
    /// Server items in the trip as read with a repair.
    public let repaired: Int

    public init(link: TripLink, pending: Int, conflicts: Int, held: Int = 0, repaired: Int = 0) {
        self.link = link
        self.pending = pending
        self.conflicts = conflicts
        self.held = held
        self.repaired = repaired
    }
}
