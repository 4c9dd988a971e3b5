import SplitAPI
import SplitCore

/// Payments (split-server only) between the domain and the contract's schemas.
enum PaymentMapping {
    static func request(_ payment: Payment) -> Components.Schemas.PaymentRequest {
        let currency = payment.amount.currency
        return .init(
            fromMemberId: payment.from.rawValue, toMemberId: payment.to.rawValue,
            amount: WireAmount.number(payment.amount.minorUnits, currency), currency: currency.code,
            note: payment.note, paymentDate: NodeForms.text(payment.date))
    }

    static func domain(_ wire: Components.Schemas.Payment) throws(MappingError) -> Payment {
        let currency = try WireValues.currency(wire.currency, field: "payment.currency")
        return Payment(
            id: PaymentID(wire.id), from: MemberID(wire.fromMemberId), to: MemberID(wire.toMemberId),
            amount: Money(minorUnits: try WireValues.minorUnits(wire.amount, currency, field: "payment.amount"),
                          currency: currency),
            date: try WireValues.date(wire.paymentDate, field: "payment.paymentDate"), note: wire.note)
    }
}
