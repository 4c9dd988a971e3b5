import SplitCore

/// One trip as `split friends` reads it, with every other trip in one read transaction
/// (``LocalBackend/yourTrips(meName:)``): the trip, its live members, you in it, which
/// account claims whom, its balances and its rates.
public struct YourTrip: Sendable {
    public let trip: Trip
    /// Live members in name order.
    public let members: [Member]
    /// Nil when the trip does not know you (``Me/resolve(choice:claimed:link:named:members:)``).
    public let me: Me?
    /// The account claiming each claimed live member, as `server account`: the same user id
    /// on two servers is two people.
    public let accounts: [MemberID: String]
    public let balances: [CurrencyBalances]
    /// Rates into the trip's currency, by code (for `--in`).
    public let rates: [String: ExchangeRate]
}
