import SplitCore

/// Which member "you" are in a trip, and who says so.
public struct Me: Hashable, Sendable {
    /// Where the answer comes from.
    public enum Source: String, Sendable {
        /// `split member me` on this device: a local trip, or one linked to the Node server,
        /// which has no place to keep it.
        case device
        /// split-server says your account is this member; every device of the account agrees.
        case account
        /// Chosen on this device; the claim for your account goes at the next sync.
        case pending
        /// The member named as this device's `me.name` setting (``SplitCore/PersonKey``), in a
        /// trip that says nothing else about you.
        case name
    }

    public let member: Member
    public let source: Source

    public init(member: Member, source: Source) {
        self.member = member
        self.source = source
    }
}

/// A change of "you" that waits for a linked trip's server: claim `member`, or with nil,
/// release whatever the account claims there.
public struct PendingClaim: Hashable, Sendable {
    public let trip: TripID
    public let group: String
    public let member: MemberID?

    public init(trip: TripID, group: String, member: MemberID?) {
        self.trip = trip
        self.group = group
        self.member = member
    }
}
