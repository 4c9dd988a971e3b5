import Foundation
import PostgresNIO
import SplitAPI
import SplitCore

/// A group's own categories (``ServerSchema/categories``): reading the list, refusing an
/// expense whose category is not in it, and replacing it (`setCategories`).
struct CategoryCheck: Sendable {
    let database: ServerDatabase

    /// The six of the Node schema: every group's list until it sets its own.
    static let defaults = ["Meal", "Transport", "Tickets", "Shopping", "Hotel", "Other"]

    /// The group's list and its revision.
    func list(_ group: UUID, on connection: PostgresConnection) async throws -> (names: [String], revision: Int64) {
        let rows = try await connection.query(
            "SELECT categories::text, categories_revision FROM trip_groups WHERE id = \(group)", logger: database.logger)
        for try await (text, revision) in rows.decode((String?, Int64).self) {
            let names = text.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? Self.defaults
            return (names, revision)
        }
        throw GroupError.notFound(group: group)
    }

    /// Refuses a draft's category of none of the six that the group's list does not hold.
    func require(_ drafts: some Sequence<ExpenseDraft>, group: UUID, on connection: PostgresConnection) async throws {
        let own = drafts.filter { !$0.category.isDefault }
        guard !own.isEmpty else { return }
        let keys = Set(try await list(group, on: connection).names.map { SplitCore.Category.key(for: $0) })
        if let missing = own.first(where: { !keys.contains($0.category.key) }) {
            throw GroupCategoryError.notInGroup(field: missing.categoryField, missing.category.rawValue)
        }
    }

    /// Replaces the group's list at `revision`, after checking it with SplitCore's name rules:
    /// names unique (case-insensitively), Other kept, every category a live expense names kept.
    func set(_ names: [String], group: UUID, revision: Int64, on connection: PostgresConnection) async throws {
        var checked: [String] = [], keys = Set<String>()
        for (index, raw) in names.enumerated() {
            let name: String
            do { name = try NameRules.category(raw) } catch { throw APIError.badRequest("names[\(index)]: \(error.message)") }
            guard keys.insert(SplitCore.Category.key(for: name)).inserted else {
                throw APIError.badRequest("names[\(index)]: '\(name)' is in the list twice")
            }
            checked.append(name)
        }
        guard keys.contains(SplitCore.Category.other.key) else { throw APIError.badRequest("names: Other is always in the list") }
        let rows = try await connection.query("""
            SELECT DISTINCT category FROM expenses WHERE group_id = \(group) AND is_deleted IS NOT TRUE
            """, logger: database.logger)
        for try await used in rows.decode(String.self) where !keys.contains(SplitCore.Category.key(for: used)) {
            throw GroupCategoryError.inUse(used)
        }
        let text = String(decoding: try JSONEncoder().encode(checked), as: UTF8.self)
        try await connection.query("""
            UPDATE trip_groups SET categories = \(text)::jsonb, categories_revision = \(revision) WHERE id = \(group)
            """, logger: database.logger)
    }
}

/// A category the group's list does not allow.
enum GroupCategoryError: DomainError, Equatable {
    case notInGroup(field: String, String)
    case inUse(String)

    var kind: RefusalKind { .invalid }
    var message: String {
        switch self {
        case .notInGroup(let field, let name):
            "\(field) '\(name)' is not one of \(SplitCore.Category.acceptedList) or this group's own categories"
        case .inUse(let name): "category '\(name)' is still named by an expense of this group; keep it in the list"
        }
    }
}
