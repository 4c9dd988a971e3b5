/// Everything one trip holds at one moment: what an export writes and an upload sends.
///
/// ``LocalBackend/snapshot(trip:)`` reads it in one read transaction, so a write by another
/// process between reads can never pair new expenses with old members.
public struct TripSnapshot: Sendable {
    public let trip: Trip
    /// Live members, in name order.
    public let members: [Member]
    /// Exchange rates into the trip's currency, by currency code.
    public let rates: [String: ExchangeRate]
    /// Live expenses with their splits, newest date first (the listing order), each with its
    /// split as given where it is kept and still gives its shares.
    public let expenses: [Expense]
    /// Live payments, newest date first.
    public let payments: [Payment]
    /// The trip's categories in listing order.
    public var categories: TripCategories = .defaults
    /// When members who moved out left (`member leave`).
    public var departures: [MemberID: CivilDate] = [:]
    /// Currency exchanges (`settle --record --in`), newest date first.
    public let exchanges: [CurrencyExchange]

    public init(trip: Trip, members: [Member], rates: [String: ExchangeRate], expenses: [Expense], payments: [Payment],
                categories: TripCategories = .defaults, departures: [MemberID: CivilDate] = [:],
                exchanges: [CurrencyExchange] = []) {
        self.categories = categories
        self.departures = departures
        self.trip = trip
        self.members = members
        self.rates = rates
        self.expenses = expenses
        self.payments = payments
        self.exchanges = exchanges
    }
}
