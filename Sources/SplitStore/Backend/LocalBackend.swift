import GRDB
import SplitCore

/// The trips of this device in one SQLite file: every command reads and writes through it.
/// (A linked trip also syncs: its writes queue outbox operations, ``recordSync(_:trip:_:at:)``.)
///
/// Every write method is one immediate transaction that also appends its activity-log entry
/// with the inverse needed by `undo`, so a change and its history are never half-written.
public final class LocalBackend: Sendable {
    public let database: SplitDatabase

    public init(database: SplitDatabase) {
        self.database = database
    }

    /// Appends one activity entry in the current transaction.
    func log(_ db: Database, trip: TripID, at: Timestamp, action: String, summary: String, undo: UndoAction) throws {
        let payload = undo.json.serialized()
        try db.execute(
            sql: "INSERT INTO activity (trip_id, at, action, summary, undo) VALUES (?, ?, ?, ?, ?)",
            arguments: [trip.rawValue, at.iso8601, action, summary, payload])
    }

    /// Queues the operations of a write to a linked trip, in the write's transaction; a trip
    /// that is not linked costs one lookup. Each pair is an operation and the item's local
    /// version before the write (nil for a new item).
    func recordSync(_ db: Database, trip: TripID, _ changes: [(SyncOperation, SyncValue?)], at: Timestamp) throws {
        guard !changes.isEmpty, let recorder = try SyncRecorder.open(db, trip) else { return }
        for (operation, before) in changes {
            try recorder.append(operation, before: before, at: at)
        }
    }

    /// Member names by id: live members only, or with `includingRemoved` also removed ones
    /// (for log lines about older expenses).
    func memberNames(_ db: Database, trip: TripID, includingRemoved: Bool = false) throws -> [MemberID: String] {
        var names: [MemberID: String] = [:]
        let live = includingRemoved ? "" : " AND removed_at IS NULL"
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, name FROM member WHERE trip_id = ?\(live)", arguments: [trip.rawValue])
        while let row = try rows.next() {
            names[MemberID(row[0] as String)] = row[1]
        }
        return names
    }

    /// Throws unless the trip exists.
    func requireTrip(_ db: Database, _ trip: TripID) throws {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM trip WHERE id = ?", arguments: [trip.rawValue]) == true else {
            throw StoreError.notFound("trip \(trip.short) no longer exists")
        }
    }
}
