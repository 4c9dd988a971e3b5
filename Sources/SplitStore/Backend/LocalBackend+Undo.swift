import GRDB
import SplitCore
import SplitJSON

extension LocalBackend {
    /// Reverts the newest entry of the trip's log that is not yet undone, in one transaction
    /// with marking it undone. Entries that cannot be undone (creating the trip) stop the walk.
    public func undo(trip: TripID, at: Timestamp) async throws -> ActivityEntry {
        try write(trip, at: at, origin: .undo) { writer in
            let db = writer.db
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
            try apply(action, writer, entry: entry)
            try db.execute(sql: "UPDATE activity SET undone_at = ? WHERE seq = ?", arguments: [at.iso8601, entry.sequence])
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
            for id in ids { try writer.apply(.deleteExpense(ExpenseID(id))) }
        case .restoreExpense(let snapshot, let removing):
            for id in removing { try writer.apply(.deleteExpense(ExpenseID(id))) }
            try writer.apply(.editExpense(try snapshot.expense()))
        case .undeleteExpense(let id):
            try writer.apply(.restoreExpense(ExpenseID(id)))
        case .setSharePaid(let expense, let member, let paid):
            try writer.apply(.setSharePaid(expense: ExpenseID(expense), member: MemberID(member), paid: paid))
        case .removePayment(let id):
            try writer.apply(.deletePayment(PaymentID(id)))
        case .removeMembers(let ids):
            for id in ids { try writer.apply(.removeMember(MemberID(id))) }
        case .renameMember(let id, let name):
            try writer.apply(.renameMember(MemberID(id), to: name))
        case .restoreMember(let id):
            try writer.apply(.restoreMember(MemberID(id)))
        case .setRate(let currency, let rate):
            try writer.apply(.setRate(try Currency(code: currency), try rate.map { try ExchangeRate(parsing: $0) }))
        case .renameTrip(let name):
            try writer.apply(.renameTrip(name))
        }
    }
}
