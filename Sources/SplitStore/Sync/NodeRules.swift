import SplitCore

/// What a trip linked to the Node server can hold, checked when a change is made (before
/// anything is written), so a change that could never reach the server is refused at once
/// with the reason instead of failing at a later sync.
///
/// The Node server keeps expenses in four currencies, has no notes, and cannot rename or
/// remove members. It stores no exchange rates and cannot rename a trip: those stay on this
/// device (the README says so), and no operation is queued for them.
enum NodeRules {
    /// Throws when the server cannot hold `operation`; false when it stays local.
    static func check(_ operation: SyncOperation) throws -> Bool {
        switch operation {
        case .createExpense(let expense), .updateExpense(let expense):
            try currency(expense.amount.currency)
            if let note = expense.note, !note.isEmpty {
                throw StoreError.invalid("this trip syncs with the Node server, which has no place for expense notes; "
                                         + "put it in the description")
            }
        case .createPayment(let payment):
            try currency(payment.amount.currency)
            if let note = payment.note, !note.isEmpty {
                throw StoreError.invalid("this trip syncs with the Node server, which has no place for payment notes")
            }
        case .renameMember:
            throw StoreError.serverCannot("this trip syncs with the Node server, which cannot rename members")
        case .removeMember:
            throw StoreError.serverCannot("this trip syncs with the Node server, which cannot remove members")
        case .setRate, .renameGroup:
            return false
        case .createMember, .deleteExpense, .setPaid, .deletePayment:
            break
        }
        return true
    }

    private static func currency(_ currency: Currency) throws {
        guard CurrencyTable.nodeCurrencies.contains(currency.code) else {
            throw StoreError.invalid("this trip syncs with the Node server, which does not accept currency \(currency.code); "
                                     + "it accepts only " + CurrencyTable.nodeCurrencies.joined(separator: ", "))
        }
    }
}
