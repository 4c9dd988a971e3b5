/// One person you share trips with, and where you stand with them: per currency, and per
/// trip from that trip's own settle-up plan.
public struct Friend: Hashable, Sendable {
    public let identity: FriendIdentity
    /// The name shown: as spelled in the first trip, in trip order.
    public let name: String
    /// Per currency (by code), what they owe you (positive) or you owe them (negative),
    /// summed over ``trips``. Currencies that sum to zero are left out.
    public let totals: [FriendAmount]
    public let trips: [FriendTrip]

    public init(identity: FriendIdentity, name: String, totals: [FriendAmount], trips: [FriendTrip]) {
        self.identity = identity
        self.name = name
        self.totals = totals
        self.trips = trips
    }
}

/// A friend in one trip: which member they are there, how that was matched, and the
/// transfers between you and them in the trip's plan.
public struct FriendTrip: Hashable, Sendable {
    public let trip: Trip
    public let member: Member
    public let matchedBy: FriendMatch
    /// Per currency (by code): positive, they pay you; negative, you pay them. Empty: even.
    public let amounts: [FriendAmount]

    public init(trip: Trip, member: Member, matchedBy: FriendMatch, amounts: [FriendAmount]) {
        self.trip = trip
        self.member = member
        self.matchedBy = matchedBy
        self.amounts = amounts
    }
}

/// An amount between you and a friend: positive, they owe you; negative, you owe them.
public struct FriendAmount: Hashable, Sendable {
    public let currency: Currency
    public let amount: Int64

    public init(currency: Currency, amount: Int64) {
        self.currency = currency
        self.amount = amount
    }
}
