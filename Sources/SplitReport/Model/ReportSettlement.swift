import SplitCore

/// One currency's nets and the transfers that clear them.
public struct ReportSettlement: Hashable, Sendable {
    public let currency: Currency
    /// Every member's balance, in the store's order (by name).
    public let balances: [MemberBalance]
    /// ``SplitCore/SettlementPlanner``'s plan for ``balances``.
    public let transfers: [Transfer]

    public init(currency: Currency, balances: [MemberBalance], transfers: [Transfer]) {
        self.currency = currency
        self.balances = balances
        self.transfers = transfers
    }

    /// The largest net either way: the full length of a bar in the net chart.
    public var largestNet: Int64 { balances.reduce(0) { max($0, BarScale.magnitude($1.net)) } }
}
