import GRDB
import SplitCore
import SplitJSON

extension LocalBackend {
    /// Reverts the newest entry of the trip's log that is not yet undone, in one transaction
    /// with marking it undone. Entries that cannot be undone (creating the trip) stop the walk.
    public func undo(trip: TripID, at: Timestamp) async throws -> ActivityEntry {
        try database.write { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT seq, at, action, summary, undone_at, undo FROM activity
                WHERE trip_id = ? AND undone_at IS NULL ORDER BY seq DESC LIMIT 1
                """, arguments: [trip.rawValue]) else {
                throw StoreError.nothingToUndo
            }
            let entry = try Self.entry(row)
            guard let payload = try? JSONParser.parse(row[5] as String), let action = UndoAction(json: payload) else {
                throw StoreError.cannotUndo("the log entry '\(entry.summary)' is unreadable")
            }
            try apply(action, db, trip: trip, at: at, entry: entry)
            try db.execute(sql: "UPDATE activity SET undone_at = ? WHERE seq = ?", arguments: [at.iso8601, entry.sequence])
            return ActivityEntry(sequence: entry.sequence, at: entry.at, action: entry.action, summary: entry.summary,
                                 undoneAt: at)
        }
    }

    /// Reverts `action`. On a linked trip the inverse is queued for the server like any other
    /// change; the server never revives a deleted id, so an undone delete (of an expense or a
    /// member) comes back under a new id there and here.
    private func apply(_ action: UndoAction, _ db: Database, trip: TripID, at: Timestamp, entry: ActivityEntry) throws {
        let recorder = try SyncRecorder.open(db, trip)
        let linked = recorder != nil
        func queue(_ operation: SyncOperation, before: SyncValue?) throws {
            try recorder?.append(operation, before: before, at: at)
        }
        let items = LocalItems(backend: self, db: db, trip: trip)
        /// Removes expenses entirely (they were added by the change being undone).
        func remove(_ ids: [String]) throws {
            for id in ids {
                let before = linked ? try items.read(.expense(ExpenseID(id))) : nil
                try db.execute(sql: "DELETE FROM expense_split WHERE expense_id = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM expense WHERE id = ? AND trip_id = ?", arguments: [id, trip.rawValue])
                if let before { try queue(.deleteExpense(ExpenseID(id)), before: before) }
            }
        }
        switch action {
        case .none:
            throw StoreError.cannotUndo("'\(entry.summary)' is the oldest change; delete the trip with: split trip delete NAME --yes")
        case .removeExpenses(let ids):
            try remove(ids)
        case .restoreExpense(let snapshot, let removing):
            try remove(removing)
            let restored = try snapshot.expense()
            let before = try items.read(.expense(restored.id))
            try overwrite(db, with: restored, at: at)
            try queue(.updateExpense(restored), before: before)
        case .undeleteExpense(let id):
            if linked {
                let deleted = try findExpense(db, id, trip: trip, includeDeleted: true)
                let revived = Expense(id: ExpenseID(SyncRecorder.newID()), description: deleted.description,
                                      amount: deleted.amount, category: deleted.category, payers: deleted.payers,
                                      date: deleted.date, note: deleted.note, splits: deleted.splits)
                try insert(db, revived, trip: trip, at: at)
                try queue(.createExpense(revived), before: nil)
            } else {
                try db.execute(sql: "UPDATE expense SET deleted_at = NULL WHERE id = ? AND trip_id = ?", arguments: [id, trip.rawValue])
            }
        case .setSharePaid(let expense, let member, let paid):
            let before = linked ? try items.read(.expense(ExpenseID(expense))) : nil
            try db.execute(sql: "UPDATE expense_split SET is_paid = ? WHERE expense_id = ? AND member_id = ?",
                           arguments: [paid ? 1 : 0, expense, member])
            try queue(.setPaid(expense: ExpenseID(expense), member: MemberID(member), paid: paid), before: before)
        case .removePayment(let id):
            let before = linked ? try items.read(.payment(PaymentID(id))) : nil
            try db.execute(sql: "DELETE FROM payment WHERE id = ? AND trip_id = ?", arguments: [id, trip.rawValue])
            if let before { try queue(.deletePayment(PaymentID(id)), before: before) }
        case .removeMembers(let ids):
            for id in ids {
                let before = linked ? try items.read(.member(MemberID(id))) : nil
                try db.execute(sql: "DELETE FROM balance_total WHERE member_id = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM member WHERE id = ? AND trip_id = ?", arguments: [id, trip.rawValue])
                if let before { try queue(.removeMember(MemberID(id)), before: before) }
            }
        case .renameMember(let id, let name):
            let before = try items.read(.member(MemberID(id)))
            try renameMember(db, MemberID(id), to: name, trip: trip)
            try queue(.renameMember(Member(id: MemberID(id), name: name)), before: before)
        case .restoreMember(let id):
            let key = try String.fetchOne(db, sql: "SELECT name_key FROM member WHERE id = ?", arguments: [id]) ?? ""
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM member WHERE trip_id = ? AND name_key = ? AND removed_at IS NULL",
                                 arguments: [trip.rawValue, key]) == true {
                throw StoreError.cannotUndo("another member now has the name of the removed one; rename them first")
            }
            if linked {
                let name = try String.fetchOne(db, sql: "SELECT name FROM member WHERE id = ?", arguments: [id]) ?? key
                let revived = Member(id: MemberID(SyncRecorder.newID()), name: name)
                try items.write(.member(revived.id), .member(revived), at: at)
                try queue(.createMember(revived), before: nil)
            } else {
                try db.execute(sql: "UPDATE member SET removed_at = NULL WHERE id = ?", arguments: [id])
            }
        case .setRate(let currency, let rate):
            let code = try Currency(code: currency)
            let before = try items.read(.rate(currency))
            try setRate(db, trip: trip, currency: currency, rate: rate)
            try queue(.setRate(currency: code, rate: try rate.map { try ExchangeRate(parsing: $0) }), before: before)
        case .renameTrip(let name):
            try renameTrip(db, trip, to: name, at: at, logged: false)
        }
    }
}
