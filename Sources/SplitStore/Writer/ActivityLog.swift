import GRDB
import SplitCore

/// The trip's activity log: one entry per change, with the inverse `undo` applies.
enum ActivityLog {
    /// Appends one entry in the current transaction.
    static func append(_ db: Database, trip: TripID, at: Timestamp, action: String, summary: String,
                       undo: UndoAction) throws {
        try db.cachedStatement(sql: ActivityRecord.insertSQL)
            .execute(arguments: [trip.rawValue, at.iso8601, action, summary, undo.json.serialized()])
    }
}
