/// One member's position in one currency, in minor units.
///
/// `net = totalPaid − totalShare + paymentsMade − paymentsReceived`. Positive means the member
/// is owed money; negative means they owe.
public struct MemberBalance: Hashable, Sendable {
    public let memberID: MemberID
    public var totalPaid: Int64
    public var totalShare: Int64
    public var paymentsMade: Int64
    public var paymentsReceived: Int64

    public init(memberID: MemberID, totalPaid: Int64 = 0, totalShare: Int64 = 0,
                paymentsMade: Int64 = 0, paymentsReceived: Int64 = 0) {
        self.memberID = memberID
        self.totalPaid = totalPaid
        self.totalShare = totalShare
        self.paymentsMade = paymentsMade
        self.paymentsReceived = paymentsReceived
    }

    /// The net in `Int128`: never traps, even for totals near `Int64`'s limits.
    public var exactNet: Int128 {
        Int128(totalPaid) - Int128(totalShare) + Int128(paymentsMade) - Int128(paymentsReceived)
    }

    /// The net as `Int64`. Producers of balances (``BalanceCalculator``, the store) check that
    /// ``exactNet`` fits before handing a balance out, so the clamp never changes a value.
    public var net: Int64 { Int64(clamping: exactNet) }
}

/// Every member's balance in one currency. The nets always sum to exactly zero.
public struct CurrencyBalances: Hashable, Sendable {
    public let currency: Currency
    public var balances: [MemberBalance]

    public init(currency: Currency, balances: [MemberBalance]) {
        self.currency = currency
        self.balances = balances
    }
}
