import Foundation
import PostgresNIO
import SplitAPI

/// A group's recurring rules (``ServerSchema/recurring``), stored in the canonical form
/// ``RecurringRuleWire`` writes.
struct RecurringRuleRepository: Sendable {
    let database: ServerDatabase

    /// The rule's group and revision, locked until the transaction ends; nil when no live rule has this id.
    func lock(_ id: UUID, on connection: PostgresConnection) async throws -> (group: UUID, revision: Int64)? {
        let rows = try await connection.query(
            "SELECT group_id, revision FROM recurring_rules WHERE id = \(id) FOR UPDATE", logger: database.logger)
        for try await row in rows.decode((UUID, Int64).self) { return row }
        return nil
    }

    /// Adds or replaces the rule at `revision`; a rule deleted before comes back and loses its tombstone.
    func put(_ id: UUID, rule: Components.Schemas.RecurringRuleData, group: UUID, revision: Int64,
             on connection: PostgresConnection) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(rule), as: UTF8.self)
        try await connection.query("""
            INSERT INTO recurring_rules (id, group_id, rule, revision) VALUES (\(id), \(group), \(text)::jsonb, \(revision))
            ON CONFLICT (id) DO UPDATE SET rule = EXCLUDED.rule, revision = EXCLUDED.revision
            """, logger: database.logger)
        try await Tombstones.remove(kind: "recurring", item: id.uuidString.lowercased(), group: group, on: connection,
                                    logger: database.logger)
    }

    /// Removes the rule at `revision`, leaving a tombstone.
    func delete(_ id: UUID, group: UUID, revision: Int64, on connection: PostgresConnection) async throws {
        try await connection.query("DELETE FROM recurring_rules WHERE id = \(id) AND group_id = \(group)", logger: database.logger)
        try await Tombstones.add(kind: "recurring", item: id.uuidString.lowercased(), group: group, revision: revision,
                                 on: connection, logger: database.logger)
    }
}
