import GRDB
import SplitCore

/// Gives a local item the id the server stored it under (the Node server picks its own ids),
/// so every device of a trip, and the server, name each item alike and list them alike.
///
/// An expense or payment is copied under the new id and the old row deleted, so the balance
/// triggers see one add and one removal; waiting operations, open conflicts, the undo log and
/// the import record follow the new id.
struct LocalRekey {
    let backend: LocalBackend
    let db: Database
    let trip: TripID
    let at: Timestamp

    func rekey(_ old: SyncItemKey, to new: SyncItemKey) throws {
        guard old != new else { return }
        let items = LocalItems(backend: backend, db: db, trip: trip)
        switch (old, new) {
        case (.member(let from), .member(let to)):
            guard case .member(let member)? = try items.read(old) else { return }
            try MemberRemap(db: db, trip: trip, at: at).merge(from, into: Member(id: to, name: member.name))
            return
        case (.expense(let from), .expense(let to)):
            guard case .expense(let expense)? = try items.read(old) else { return }
            let created = try String.fetchOne(db, sql: "SELECT created_at FROM expense WHERE id = ?", arguments: [from.rawValue])
            let copy = Expense(id: to, description: expense.description, amount: expense.amount, category: expense.category,
                               paidBy: expense.paidBy, date: expense.date, note: expense.note, splits: expense.splits)
            try backend.insert(db, copy, trip: trip, at: at, createdAt: created.flatMap { Timestamp(iso8601: $0) })
            try db.execute(sql: "DELETE FROM expense_split WHERE expense_id = ?", arguments: [from.rawValue])
            try db.execute(sql: "DELETE FROM expense WHERE id = ?", arguments: [from.rawValue])
        case (.payment(let from), .payment(let to)):
            guard case .payment(let payment)? = try items.read(old) else { return }
            let created = try String.fetchOne(db, sql: "SELECT created_at FROM payment WHERE id = ?", arguments: [from.rawValue])
            try db.execute(sql: "DELETE FROM payment WHERE id = ?", arguments: [from.rawValue])
            let copy = Payment(id: to, from: payment.from, to: payment.to, amount: payment.amount, date: payment.date,
                               note: payment.note)
            try items.write(.payment(to), .payment(copy), at: at, createdAt: created.flatMap { Timestamp(iso8601: $0) })
        default:
            return
        }
        try follow(old.text, new.text, oldID: id(of: old), newID: id(of: new))
    }

    private func id(of key: SyncItemKey) -> String {
        switch key {
        case .member(let id): return id.rawValue
        case .expense(let id): return id.rawValue
        case .payment(let id): return id.rawValue
        case .rate(let code): return code
        case .group: return ""
        }
    }

    /// Every stored mention of the old id becomes the new one.
    private func follow(_ oldKey: String, _ newKey: String, oldID: String, newID: String) throws {
        let trip = self.trip.rawValue
        try db.execute(sql: """
            UPDATE outbox SET operation = replace(operation, ?1, ?2), base = replace(base, ?1, ?2), item = replace(item, ?1, ?2)
            WHERE trip_id = ?3 AND (instr(operation, ?1) > 0 OR instr(coalesce(base, ''), ?1) > 0)
            """, arguments: [oldID, newID, trip])
        try db.execute(sql: """
            UPDATE sync_conflict SET item = replace(item, ?1, ?2), mine = replace(mine, ?1, ?2), theirs = replace(theirs, ?1, ?2)
            WHERE trip_id = ?3
            """, arguments: [oldID, newID, trip])
        try db.execute(sql: "UPDATE activity SET undo = replace(undo, ?1, ?2) WHERE trip_id = ?3 AND instr(undo, ?1) > 0",
                       arguments: [oldID, newID, trip])
        try db.execute(sql: "UPDATE import_source SET local_id = ? WHERE local_id = ? AND trip_id = ?",
                       arguments: [newID, oldID, trip])
        try db.execute(sql: "DELETE FROM remote_item WHERE trip_id = ? AND item = ?", arguments: [trip, oldKey])
    }
}
