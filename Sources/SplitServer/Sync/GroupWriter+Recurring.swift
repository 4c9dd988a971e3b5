import Foundation
import SplitAPI

extension GroupWriter {
    private var rules: RecurringRuleRepository { RecurringRuleRepository(database: services.database) }

    /// Adds or replaces a recurring rule (already read and checked). `ifMatch` is the rule's
    /// revision as the client last saw it; without one, a new rule (or one deleted before)
    /// is written as sent.
    func putRecurringRule(_ id: UUID, _ rule: Components.Schemas.RecurringRuleData, ifMatch: Int64?) async throws {
        let current = try await lock(id)
        if current != nil || ifMatch != nil {
            try await check("recurring:\(id)", current: current, expected: ifMatch) {
                try await self.services.feed.recurringRule(id, group: self.group, on: self.connection)
            } missing: { RecurringRuleError.notFound(id) }
        }
        try await rules.put(id, rule: rule, group: group, revision: revision, on: connection)
    }

    /// Deletes a recurring rule; its instances stay, as expenses already made.
    func deleteRecurringRule(_ id: UUID, ifMatch: Int64?) async throws {
        let current = try await lock(id)
        try await check("recurring:\(id)", current: current, expected: ifMatch) {
            try await self.services.feed.recurringRule(id, group: self.group, on: self.connection)
        } missing: { RecurringRuleError.notFound(id) }
        try await rules.delete(id, group: group, revision: revision, on: connection)
    }

    /// The rule's revision in this group, locked; a rule id of another group is refused.
    private func lock(_ id: UUID) async throws -> Int64? {
        guard let (owner, revision) = try await rules.lock(id, on: connection) else { return nil }
        guard owner == group else { throw ClientIDError.taken(kind: "recurring rule", id: id) }
        return revision
    }
}

/// A recurring rule op that names no rule of the group.
enum RecurringRuleError: DomainError, Equatable {
    case notFound(UUID)

    var kind: RefusalKind { .notFound }
    var message: String {
        switch self {
        case .notFound(let id): "no recurring rule \(id.uuidString.lowercased()) in this group"
        }
    }
}
