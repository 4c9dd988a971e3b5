import Foundation
import GRDB
import SplitCore

extension SyncStore {
    /// Open conflicts, oldest first: of one trip, or of every linked trip.
    public func conflicts(trip: TripID? = nil) throws -> [SyncConflict] {
        try database.read { db in
            let filter = trip == nil ? "" : " WHERE trip_id = ?"
            return try Row.fetchAll(db, sql: """
                SELECT id, trip_id, item, field, mine, theirs, detail, created_at FROM sync_conflict\(filter) ORDER BY id
                """, arguments: trip.map { [$0.rawValue] } ?? []).map(Self.conflict)
        }
    }

    /// Every member name the trip ever had, removed members included, for showing conflicts.
    public func memberNames(_ trip: TripID) throws -> [MemberID: String] {
        try database.read { db in try backend.memberNames(db, trip: trip, includingRemoved: true) }
    }

    /// Settles conflict `id`: `keepMine` sends the local version again on the server's current
    /// one (queued like any change); otherwise the server's version, which the trip already
    /// shows, stays. Returns the settled conflict.
    public func resolve(_ id: Int64, keepMine: Bool, at: Timestamp) throws -> SyncConflict {
        try database.write { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT id, trip_id, item, field, mine, theirs, detail, created_at FROM sync_conflict WHERE id = ?
                """, arguments: [id]) else {
                throw StoreError.notFound("no conflict \(id); list them with: split conflicts")
            }
            let conflict = try Self.conflict(row)
            if keepMine {
                try ConflictResolution(backend: backend, db: db, conflict: conflict, at: at).keepMine()
            }
            try db.execute(sql: "DELETE FROM sync_conflict WHERE id = ?", arguments: [id])
            return conflict
        }
    }

    static func conflict(_ row: Row) throws -> SyncConflict {
        let stored = StoredRow(row, table: "sync_conflict")
        let itemText = try stored.text(Column("item"))
        guard let item = SyncItemKey(text: itemText) else {
            throw stored.unreadable(Column("item"), expected: "an item key such as expense:<id>")
        }
        return SyncConflict(
            id: try stored.integer(Column("id")), trip: TripID(try stored.text(Column("trip_id"))), item: item,
            field: try stored.text(Column("field")), mine: try (try stored.optionalText(Column("mine"))).map(SyncJSON.value),
            theirs: try (try stored.optionalText(Column("theirs"))).map(SyncJSON.value), detail: try stored.optionalText(Column("detail")),
            createdAt: try stored.timestamp(Column("created_at")))
    }
}
