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

    private func apply(_ action: UndoAction, _ db: Database, trip: TripID, at: Timestamp, entry: ActivityEntry) throws {
        switch action {
        case .none:
            throw StoreError.cannotUndo("'\(entry.summary)' is the oldest change; delete the trip with: split trip delete NAME --yes")
        case .removeExpenses(let ids):
            for id in ids {
                try db.execute(sql: "DELETE FROM expense_split WHERE expense_id = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM expense WHERE id = ? AND trip_id = ?", arguments: [id, trip.rawValue])
            }
        case .restoreExpense(let snapshot):
            try overwrite(db, with: try snapshot.expense(), at: at)
        case .undeleteExpense(let id):
            try db.execute(sql: "UPDATE expense SET deleted_at = NULL WHERE id = ? AND trip_id = ?", arguments: [id, trip.rawValue])
        case .setSharePaid(let expense, let member, let paid):
            try db.execute(sql: "UPDATE expense_split SET is_paid = ? WHERE expense_id = ? AND member_id = ?",
                           arguments: [paid ? 1 : 0, expense, member])
        case .removePayment(let id):
            try db.execute(sql: "DELETE FROM payment WHERE id = ? AND trip_id = ?", arguments: [id, trip.rawValue])
        case .removeMembers(let ids):
            for id in ids {
                try db.execute(sql: "DELETE FROM balance_total WHERE member_id = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM member WHERE id = ? AND trip_id = ?", arguments: [id, trip.rawValue])
            }
        case .renameMember(let id, let name):
            try renameMember(db, MemberID(id), to: name, trip: trip)
        case .restoreMember(let id):
            let key = try String.fetchOne(db, sql: "SELECT name_key FROM member WHERE id = ?", arguments: [id]) ?? ""
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM member WHERE trip_id = ? AND name_key = ? AND removed_at IS NULL",
                                 arguments: [trip.rawValue, key]) == true {
                throw StoreError.cannotUndo("another member now has the name of the removed one; rename them first")
            }
            try db.execute(sql: "UPDATE member SET removed_at = NULL WHERE id = ?", arguments: [id])
        case .setRate(let currency, let rate):
            try setRate(db, trip: trip, currency: currency, rate: rate)
        case .renameTrip(let name):
            try renameTrip(db, trip, to: name, at: at, logged: false)
        }
    }
}
