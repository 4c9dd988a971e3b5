import Foundation
import SplitCore

extension PaymentRecord {
    /// The stored payment as SplitCore's ``Payment``: what the balances count and what the
    /// shared page lists, with member ids as ``ExpenseRecord/member(_:)`` gives them.
    var domain: Payment {
        Payment(id: PaymentID(id.uuidString), from: ExpenseRecord.member(from), to: ExpenseRecord.member(to),
                amount: amount, date: date, note: note)
    }
}
