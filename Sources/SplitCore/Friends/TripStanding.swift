/// One trip as the cross-trip view reads it: who you are in it, who the others are, which
/// account claims whom, and its balances (already converted when the view converts).
public struct TripStanding: Sendable {
    public let trip: Trip
    /// The trip's live members, you included.
    public let members: [Member]
    public let me: MemberID
    /// The account that claims a member, for members a server says are claimed; qualified by
    /// the server (``FriendIdentity/account(_:)``), since two servers may reuse a user id.
    public let accounts: [MemberID: String]
    public let balances: [CurrencyBalances]

    public init(trip: Trip, members: [Member], me: MemberID, accounts: [MemberID: String], balances: [CurrencyBalances]) {
        self.trip = trip
        self.members = members
        self.me = me
        self.accounts = accounts
        self.balances = balances
    }
}
