/// A trip (the cloud calls it a group): a name, a home currency and its members.
public struct Trip: Hashable, Sendable {
    public let id: TripID
    public var name: String
    /// The default currency for new expenses and the usual target of `settle --in`.
    public var currency: Currency

    public init(id: TripID, name: String, currency: Currency) {
        self.id = id
        self.name = name
        self.currency = currency
    }
}
