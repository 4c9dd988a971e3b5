import Foundation
import PostgresNIO
import SplitAPI

extension ChangeFeed {
    /// The group's recurring rules and their tombstones changed in `window` (feature
    /// `recurring`). A stored rule that no longer reads as the contract's form is sent
    /// without its `rule`, which clients hold rather than guess at.
    func recurring(group: UUID, in window: Window, only: String? = nil, on connection: PostgresConnection)
        async throws -> [Components.Schemas.RecurringRuleChange] {
        let rows = try await connection.query("""
            SELECT id::text, revision, false, rule::text FROM recurring_rules
            WHERE group_id = \(group) AND revision > \(window.after) AND revision <= \(window.upTo)
              AND (\(only)::text IS NULL OR id = \(only)::uuid)
            UNION ALL
            SELECT item, revision, true, NULL FROM sync_tombstones
            WHERE group_id = \(group) AND kind = 'recurring' AND revision > \(window.after) AND revision <= \(window.upTo)
              AND (\(only)::text IS NULL OR item = \(only))
            ORDER BY 2, 1
            """, logger: database.logger)
        var items: [Components.Schemas.RecurringRuleChange] = []
        for try await (id, revision, deleted, text) in rows.decode((String, Int64, Bool, String?).self) {
            let rule = text.flatMap { try? JSONDecoder().decode(Components.Schemas.RecurringRuleData.self, from: Data($0.utf8)) }
            items.append(.init(id: id, revision: revision, deleted: deleted, rule: rule))
        }
        return items
    }
}

extension ChangeFeed {
    /// The group's categories when their list changed in `window` (feature `categories`).
    func categories(group: UUID, in window: Window, on connection: PostgresConnection) async throws
        -> Components.Schemas.CategoryList? {
        let (names, revision) = try await CategoryCheck(database: database).list(group, on: connection)
        guard revision > window.after, revision <= window.upTo else { return nil }
        return .init(revision: revision, names: names)
    }
}
