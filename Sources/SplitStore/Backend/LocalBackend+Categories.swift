import GRDB
import SplitCore

extension LocalBackend {
    /// The trip's categories in listing order.
    public func categories(trip: TripID) async throws -> TripCategories {
        try database.read { db in try CategoryRecord.categories(db, trip: trip) }
    }

    /// How many live expenses name each category, by its key (``SplitCore/Category/key``).
    public func categoryUses(trip: TripID) async throws -> [String: Int] {
        try database.read { db in
            var uses: [String: Int] = [:]
            let rows = try Row.fetchAll(db, sql: """
                SELECT category, count(*) FROM expense WHERE trip_id = ? AND deleted_at IS NULL GROUP BY category
                """, arguments: [trip.rawValue])
            for row in rows { uses[Category.key(for: row[0]), default: 0] += row[1] }
            return uses
        }
    }

    /// Applies one category change (`split category add|rename|remove`) as one logged change.
    public func changeCategories(_ change: TripChange, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in try writer.apply(change) }
    }
}
