import SplitCore

/// What a trip linked to the Node server can hold, checked when a change is made (before
/// anything is written), so a change that could never reach the server is refused at once
/// with the reason instead of failing at a later sync.
///
/// The facts are ``ServerLimits/node``'s: four currencies, no notes, no member renames or
/// removals. Exchange rates and a trip's new name are not stored there: those stay on this
/// device (the README says so), and no operation is queued for them.
enum NodeRules {
    static let limits = ServerLimits.node

    /// Throws when the server cannot hold `operation`; false when it stays local.
    static func check(_ operation: SyncOperation) throws -> Bool {
        switch operation {
        case .createExpense(let expense), .updateExpense(let expense):
            try currency(expense.amount.currency)
            if !limits.expenseNotes, let note = expense.note, !note.isEmpty {
                throw StoreError.invalid("this trip syncs with the Node server, which has no place for expense notes; "
                                         + "put it in the description")
            }
        case .createPayment(let payment):
            try currency(payment.amount.currency)
            if !limits.paymentNotes, let note = payment.note, !note.isEmpty {
                throw StoreError.invalid("this trip syncs with the Node server, which has no place for payment notes")
            }
        case .renameMember where !limits.renamesMembers:
            throw StoreError.serverCannot("this trip syncs with the Node server, which cannot rename members")
        case .removeMember where !limits.removesMembers:
            throw StoreError.serverCannot("this trip syncs with the Node server, which cannot remove members")
        case .setRate:
            return limits.storesRates
        case .renameGroup:
            return limits.renamesTrips
        case .putRecurring, .deleteRecurring, .setCategories:
            // The rule stays on the device that made it; its instances sync as expenses.
            return false
        case .setDeparture:
            // The Node server has no place for it: it stays on this device.
            return false
        case .recordExchanges, .removeExchanges:
            throw StoreError.serverCannot("this trip syncs with the Node server, which cannot hold currency exchanges")
        case .createMember, .deleteExpense, .setPaid, .deletePayment, .renameMember, .removeMember:
            break
        }
        return true
    }

    private static func currency(_ currency: Currency) throws {
        guard limits.accepts(currency) else {
            throw StoreError.invalid("this trip syncs with the Node server, which does not accept currency \(currency.code); "
                                     + "it accepts only " + limits.currencyCodes.joined(separator: ", "))
        }
    }
}
