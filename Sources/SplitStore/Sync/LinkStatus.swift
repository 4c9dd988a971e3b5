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
