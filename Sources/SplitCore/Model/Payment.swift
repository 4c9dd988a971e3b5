/// A reimbursement: `from` handed `amount` to `to`, outside any one expense.
public struct Payment: Hashable, Sendable {
    public let id: PaymentID
    public var from: MemberID
    public var to: MemberID
    public var amount: Money
    public var date: CivilDate
    public var note: String?

    public init(id: PaymentID, from: MemberID, to: MemberID, amount: Money, date: CivilDate, note: String? = nil) {
        self.id = id
        self.from = from
        self.to = to
        self.amount = amount
        self.date = date
        self.note = note
    }
}

extension Payment {
    /// The same payment under another id: how a linked trip re-creates an edited or restored
    /// payment, as the servers never update or revive one in place.
    public func withID(_ id: PaymentID) -> Payment {
        Payment(id: id, from: from, to: to, amount: amount, date: date, note: note)
    }
}
