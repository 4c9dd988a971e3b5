import GRDB
import SplitCore

/// The trip's activity log: one entry per change, with the inverse `undo` applies.
enum ActivityLog {
    /// Appends one entry in the current transaction.
    static func append(_ db: Database, trip: TripID, at: Timestamp, action: String, summary: String,
                       undo: UndoAction) throws {
        try db.cachedStatement(sql: "INSERT INTO activity (trip_id, at, action, summary, undo) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [trip.rawValue, at.iso8601, action, summary, undo.json.serialized()])
    }
}
