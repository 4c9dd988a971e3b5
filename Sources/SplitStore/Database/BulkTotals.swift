import GRDB
import SplitCore

/// Keeps `balance_total` right during a bulk import without paying its triggers per row.
///
/// The triggers cost about two thirds of an expense insert. For a large import they are
/// dropped inside the import's transaction, the rows go in, each touched trip's totals are
/// recomputed in one statement, and the triggers are recreated from the very SQL the schema
/// holds, before the same transaction commits. Other connections never see the schema without
/// them, and a failure rolls all of it back.
final class BulkTotals {
    /// Below this many expenses and payments the per-row triggers are cheaper than a recompute.
    static let threshold = 500

    private static let triggers = ["expense_insert", "split_insert", "payment_insert"]
    private let saved: [(name: String, sql: String)]
    private var trips: [TripID] = []

    private init(saved: [(name: String, sql: String)]) { self.saved = saved }

    /// Drops the insert triggers, remembering their definitions.
    static func suspend(_ db: Database) throws -> BulkTotals {
        let rows = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (\(triggers.map { "'\($0)'" }.joined(separator: ", ")))
            """)
        let saved = rows.map { (name: $0["name"] as String, sql: $0["sql"] as String) }
        for trigger in saved { try db.execute(sql: "DROP TRIGGER \(trigger.name)") }
        return BulkTotals(saved: saved)
    }

    func touched(_ trip: TripID) {
        if !trips.contains(trip) { trips.append(trip) }
    }

    /// Recomputes the touched trips' totals from their rows and puts the triggers back.
    func resume(_ db: Database) throws {
        for trip in trips {
            try db.execute(sql: "DELETE FROM balance_total WHERE trip_id = ?", arguments: [trip.rawValue])
            try db.execute(sql: """
                INSERT INTO balance_total (trip_id, member_id, currency, paid, share, made, received)
                SELECT ?1, member_id, currency, SUM(paid), SUM(share), SUM(made), SUM(received) FROM (
                    SELECT paid_by AS member_id, currency, amount AS paid, 0 AS share, 0 AS made, 0 AS received
                    FROM expense WHERE trip_id = ?1 AND deleted_at IS NULL
                    UNION ALL
                    SELECT s.member_id, e.currency, 0, s.amount, s.amount * s.is_paid, 0
                    FROM expense_split s JOIN expense e ON e.id = s.expense_id WHERE e.trip_id = ?1 AND e.deleted_at IS NULL
                    UNION ALL
                    SELECT e.paid_by, e.currency, 0, 0, 0, s.amount
                    FROM expense_split s JOIN expense e ON e.id = s.expense_id
                    WHERE e.trip_id = ?1 AND e.deleted_at IS NULL AND s.is_paid = 1
                    UNION ALL
                    SELECT from_member, currency, 0, 0, amount, 0 FROM payment WHERE trip_id = ?1 AND deleted_at IS NULL
                    UNION ALL
                    SELECT to_member, currency, 0, 0, 0, amount FROM payment WHERE trip_id = ?1 AND deleted_at IS NULL
                ) GROUP BY member_id, currency
                """, arguments: [trip.rawValue])
        }
        for trigger in saved { try db.execute(sql: trigger.sql) }
    }
}
