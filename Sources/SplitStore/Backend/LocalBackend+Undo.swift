import GRDB
import SplitCore

extension LocalBackend {
    /// Reverts the newest entry of the trip's log that is not yet undone, in one transaction
    /// with marking it undone. Entries that cannot be undone (creating the trip) stop the walk.
    public func undo(trip: TripID, at: Timestamp) async throws -> ActivityEntry {
        try write(trip, at: at, origin: .undo) { writer in
            let db = writer.db
            guard let record = try ActivityRecord.nextToUndo(trip).fetchOne(db) else {
                throw StoreError.nothingToUndo
            }
            let entry = record.entry
            guard let action = record.action else {
                throw StoreError.cannotUndo("the log entry '\(entry.summary)' is unreadable")
            }
            try apply(action, writer, entry: entry)
            try ActivityRecord.filter(ActivityRecord.Columns.seq == entry.sequence)
                .updateAll(db, ActivityRecord.Columns.undoneAt.set(to: at.iso8601))
            return ActivityEntry(sequence: entry.sequence, at: entry.at, action: entry.action, summary: entry.summary,
                                 undoneAt: at)
        }
    }

    /// Reverts `action` through the writer (origin `undo`): on a linked trip the inverse is
    /// queued for the server like any other change.
    private func apply(_ action: UndoAction, _ writer: TripWriter, entry: ActivityEntry) throws {
        switch action {
        case .none:
            throw StoreError.cannotUndo("'\(entry.summary)' is the oldest change; delete the trip with: split trip delete NAME --yes")
        case .removeExpenses(let ids):
            try writer.purgeExpenses(ids.map(ExpenseID.init))
        case .restoreExpense(let snapshot, let removing):
            for id in removing { try writer.apply(.deleteExpense(ExpenseID(id))) }
            try writer.apply(.editExpense(try snapshot.expense()))
        case .undeleteExpense(let id):
            try writer.apply(.restoreExpense(ExpenseID(id)))
        case .setSharePaid(let expense, let member, let paid):
            try writer.apply(.setSharePaid(expense: ExpenseID(expense), member: MemberID(member), paid: paid))
        case .removePayments(let ids):
            for id in ids { try writer.apply(.deletePayment(PaymentID(id))) }
        case .restorePayment(let snapshot, let removing):
            for id in removing { try writer.apply(.deletePayment(PaymentID(id))) }
            // Unlinked, the edit kept the id: write the old version over it. Linked, the old
            // payment was deleted: bring it back.
            if removing.isEmpty {
                try writer.apply(.editPayment(try snapshot.payment()))
            } else {
                try writer.apply(.restorePayment(PaymentID(snapshot.id)))
            }
        case .undeletePayment(let id):
            try writer.apply(.restorePayment(PaymentID(id)))
        case .removeSettleStep(let exchanges, let payments):
            for id in payments { try writer.apply(.deletePayment(PaymentID(id))) }
            try writer.apply(.removeExchanges(exchanges.map(ExchangeID.init)))
        case .removeMembers(let ids):
            for id in ids { try writer.apply(.removeMember(MemberID(id))) }
        case .renameMember(let id, let name):
            try writer.apply(.renameMember(MemberID(id), to: name))
        case .restoreMember(let id):
            try writer.apply(.restoreMember(MemberID(id)))
        case .setDeparture(let id, let date):
            try writer.apply(.setDeparture(MemberID(id), from: try date.map { text in
                guard let date = CivilDate(parsing: text) else { throw StoreError.cannotUndo("the log entry's date '\(text)' is unreadable") }
                return date
            }))
        case .removeCategory(let name):
            try writer.apply(.removeCategory(name))
        case .renameCategory(let old, let new):
            try writer.apply(.renameCategory(from: old, to: new))
        case .addCategory(let name, let position):
            try writer.apply(.addCategory(name, position: position))
        case .setRate(let currency, let rate):
            try writer.apply(.setRate(try Currency(code: currency), try rate.map { try ExchangeRate(parsing: $0) }))
        case .renameTrip(let name):
            try writer.apply(.renameTrip(name))
        case .removeRule(let id):
            try writer.removeRule(RecurringRuleID(id))
        case .restoreRule(let id):
            try writer.restoreRule(RecurringRuleID(id))
        case .setRuleProgress(let id, let paused, let nextPeriod):
            try writer.setProgress(RecurringRuleID(id), paused: paused, nextPeriod: nextPeriod)
        case .restoreRuleEdit(let rule, let editedNext, let expenses, let removing):
            guard let old = RecurringRuleRecord.rule(snapshot: rule) else {
                throw StoreError.cannotUndo("the saved version of the recurring expense is unreadable")
            }
            for id in removing { try writer.apply(.deleteExpense(ExpenseID(id))) }
            for snapshot in expenses { try writer.apply(.editExpense(try snapshot.expense())) }
            try writer.restoreRuleVersion(old, editedNext: editedNext)
        }
    }
}
