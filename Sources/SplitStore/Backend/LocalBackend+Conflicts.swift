import Foundation
import GRDB
import SplitCore

extension LocalBackend {
    /// Open conflicts, oldest first: of one trip, or of every linked trip.
    public func conflicts(trip: TripID? = nil) throws -> [SyncConflict] {
        try database.read { db in
            try SyncConflictRecord.fetchAll(db, sql: SyncConflictRecord.open, arguments: ["trip": trip?.rawValue])
                .map(\.conflict)
        }
    }

    /// Every member name the trip ever had, removed members included, for showing conflicts.
    public func memberNames(_ trip: TripID) throws -> [MemberID: String] {
        try database.read { db in try MemberRecord.names(db, trip: trip, includingRemoved: true) }
    }

    /// Settles conflict `id`: `keepMine` sends the local version again on the server's current
    /// one (queued like any change); otherwise the server's version, which the trip already
    /// shows, stays. Returns the settled conflict.
    public func resolve(_ id: Int64, keepMine: Bool, at: Timestamp) throws -> SyncConflict {
        try database.write { db in
            guard let conflict = try SyncConflictRecord.fetchOne(db, sql: SyncConflictRecord.byID, arguments: ["id": id])?
                .conflict else {
                throw StoreError.notFound("no conflict \(id); list them with: split conflicts")
            }
            if keepMine {
                try ConflictResolution(run: run, db: db, conflict: conflict, at: at).keepMine()
            }
            try db.execute(sql: SyncConflictRecord.deleteSQL, arguments: ["id": id])
            return conflict
        }
    }
}
