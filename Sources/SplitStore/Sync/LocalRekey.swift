import Foundation
import GRDB
import SplitCore

/// Gives a local item the id the server stored it under (the Node server picks its own ids),
/// so every device of a trip, and the server, name each item alike and list them alike.
///
/// An expense or payment is copied under the new id and the old row deleted, so the balance
/// triggers see one add and one removal; a member merges into the server's (``mergeMember``).
/// Waiting operations, open conflicts, the undo log and the import record follow the new id.
struct LocalRekey {
    let run: StoreRun
    let db: Database
    let trip: TripID
    let at: Timestamp

    /// The rows move through the writer; this type moves every other mention of the id.
    private var writer: TripWriter { get throws { try TripWriter(run, db, trip: trip, at: at, origin: .rekey) } }

    func rekey(_ old: SyncItemKey, to new: SyncItemKey) throws {
        guard old != new else { return }
        let items = LocalItems(db: db, trip: trip)
        switch (old, new) {
        case (.member(let from), .member(let to)):
            guard case .member(let member)? = try items.read(old) else { return }
            try mergeMember(from, into: Member(id: to, name: member.name))
            return
        case (.expense, .expense(let to)):
            guard case .expense(let expense)? = try items.read(old) else { return }
            try writer.moveExpense(expense, to: to)
        case (.payment, .payment(let to)):
            guard case .payment(let payment)? = try items.read(old) else { return }
            try writer.movePayment(payment, to: to)
        default:
            return
        }
        try follow(old, new)
    }

    /// Makes a local member the server's `member`: also when two devices each added the same
    /// person ("Dana") offline and the server already has the other one. Every expense,
    /// share, payment and stored mention moves to the server's member; the local one goes.
    func mergeMember(_ local: MemberID, into member: Member) throws {
        try writer.mergeMember(local, into: member)
        try follow(.member(local), .member(member.id))
    }

    /// `operation` with every replaced id swapped, or nil when it names none.
    static func rewrite(_ operation: SyncOperation, _ remaps: [String: String]) throws -> SyncOperation? {
        var text = SyncJSON.encode(operation)
        var changed = false
        for (old, new) in remaps where text.contains(old) {
            text = text.replacingOccurrences(of: old, with: new)
            changed = true
        }
        return changed ? try SyncJSON.operation(text) : nil
    }

    /// Every stored mention of the old id becomes the new one.
    private func follow(_ oldKey: SyncItemKey, _ newKey: SyncItemKey) throws {
        let arguments: StatementArguments = ["old": oldKey.itemID, "new": newKey.itemID, "trip": trip.rawValue]
        for sql in [OutboxRecord.rekeySQL, SyncConflictRecord.rekeySQL, ActivityRecord.rekeySQL, Self.importSourceSQL] {
            try db.execute(sql: sql, arguments: arguments)
        }
        try db.execute(sql: RemoteItemRecord.deleteItemSQL, arguments: ["trip": trip.rawValue, "item": oldKey.text])
    }

    /// Id `:old` becomes `:new` in what trip `:trip` imported, so importing the same file
    /// again still finds the row (`import_source` has no record; ``ImportSources`` keeps it).
    private static let importSourceSQL = """
        UPDATE import_source SET local_id = :new WHERE local_id = :old AND trip_id = :trip
        """
}
