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

    /// Whether all four totals are zero: the member took no part in the currency.
    public var isEmpty: Bool { totalPaid == 0 && totalShare == 0 && paymentsMade == 0 && paymentsReceived == 0 }

    /// This balance less `other`'s totals (the same member's, of a later span), field by field:
    /// the balance as it stood before that span. Throws ``MoneyError/overflow`` rather than
    /// trapping when a field or the net does not fit `Int64`.
    public func less(_ other: MemberBalance?) throws(MoneyError) -> MemberBalance {
        guard let other else { return self }
        func minus(_ a: Int64, _ b: Int64) throws(MoneyError) -> Int64 {
            let (value, overflow) = a.subtractingReportingOverflow(b)
            if overflow { throw .overflow }
            return value
        }
        let left = MemberBalance(memberID: memberID, totalPaid: try minus(totalPaid, other.totalPaid),
                                 totalShare: try minus(totalShare, other.totalShare),
                                 paymentsMade: try minus(paymentsMade, other.paymentsMade),
                                 paymentsReceived: try minus(paymentsReceived, other.paymentsReceived))
        guard Int128(left.net) == left.exactNet else { throw .overflow }
        return left
    }
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
