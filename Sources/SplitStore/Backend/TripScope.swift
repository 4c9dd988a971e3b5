import SplitCore

/// What a command works on, read in one transaction: the trip, its live members in name
/// order, who you are in it, and its link. A command reads it once and hands it down, so it
/// never asks the database the same thing twice.
public struct TripScope: Sendable {
    public let trip: Trip
    public let members: [Member]
    public let me: Me?
    /// The cloud group the trip syncs with; nil for a local trip.
    public let link: TripLink?
    /// When members who moved out left (`member leave`).
    public let departures: [MemberID: CivilDate]

    /// The members as a directory that knows who left: what default splits read.
    public var directory: MemberDirectory { MemberDirectory(members, departures: departures) }
    /// Whether a recurring rule has an instance due by the `today` the scope was read for:
    /// probed in the same read, so a command whose trip has nothing due reads nothing more.
    public var recurringDue: Bool = false
    /// How many server items of a linked trip are held (0 for a local trip): read in the
    /// same transaction, so `balances` and `settle` warn of them without another.
    public var held: Int = 0
}
