/// Who a member of one trip is across trips: an account, when a server says the member is
/// claimed, else a name by ``PersonKey``.
public enum FriendIdentity: Hashable, Sendable, Comparable {
    /// A server account (`server` and user id, as ``TripStanding/accounts`` holds it).
    case account(String)
    /// A ``PersonKey`` of a member no account claims.
    case name(String)

    /// How the match was made, as `split friends --json` names it.
    public var match: FriendMatch {
        switch self {
        case .account: return .account
        case .name: return .name
        }
    }
}

/// How a member was found to be a friend seen in another trip.
public enum FriendMatch: String, Sendable {
    /// The same split-server account claims them.
    case account
    /// The same name, ignoring case, accents and surrounding space (``PersonKey``).
    case name
}
