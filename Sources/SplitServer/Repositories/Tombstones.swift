import Foundation
import Logging
import PostgresNIO

/// The `sync_tombstones` rows that deleted members, payments and rates leave behind, so the
/// change feed can tell clients to delete them too. They are kept for good: a client that
/// comes back after months must still learn of every delete.
enum Tombstones {
    /// Records (or moves to `revision`) the deletion of `item`.
    static func add(kind: String, item: String, group: UUID, revision: Int64, on connection: PostgresConnection,
                    logger: Logger) async throws {
        try await connection.query("""
            INSERT INTO sync_tombstones (group_id, kind, item, revision) VALUES (\(group), \(kind), \(item), \(revision))
            ON CONFLICT (group_id, kind, item) DO UPDATE SET revision = EXCLUDED.revision
            """, logger: logger)
    }

    /// Removes a tombstone when the item comes back (a rate set again).
    static func remove(kind: String, item: String, group: UUID, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            "DELETE FROM sync_tombstones WHERE group_id = \(group) AND kind = \(kind) AND item = \(item)", logger: logger)
    }

    /// Whether an item of this kind and id was deleted, in any group.
    static func exists(kind: String, item: String, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        let rows = try await connection.query(
            "SELECT 1 FROM sync_tombstones WHERE kind = \(kind) AND item = \(item) LIMIT 1", logger: logger)
        for try await _ in rows { return true }
        return false
    }
}
