import Foundation
import PostgresNIO
import SplitAPI
import SplitCore

extension SyncBatch {
    /// `putRecurringRule`: the rule read with SplitCore's rules (``RecurringRuleWire``), its
    /// texts as an expense's, its members those of the group; stored in the canonical form.
    func putRecurringRule(_ op: Components.Schemas.PutRecurringRuleOp, field: String, writer: GroupWriter) async throws {
        let data = op.data
        let id = try WireInput.uuid(data.id, field: field + "id")
        var members = Set<String>()
        for try await member in try await writer.connection.query(
            "SELECT id FROM members WHERE group_id = \(group)", logger: services.database.logger).decode(UUID.self) {
            members.insert(member.uuidString.lowercased())
        }
        var checked = data
        checked.description = try WireInput.text(data.description, field: field + "description") ?? ""
        checked.category = try WireInput.category(data.category, field: field + "category").rawValue
        checked.note = try WireInput.text(data.note, field: field + "note", allowing: .note)
        let rule: RecurringRule
        do {
            rule = try RecurringRuleWire.rule(checked, field: field) { text in
                members.contains(text.lowercased()) ? MemberID(text.lowercased()) : nil
            }
        } catch {
            throw APIError.badRequest(error.message)
        }
        var canonical = RecurringRuleWire.wire(rule)
        canonical.id = id.uuidString.lowercased()
        try await writer.putRecurringRule(id, canonical, ifMatch: op.ifMatch)
    }

    func deleteRecurringRule(_ op: Components.Schemas.DeleteRecurringRuleOp, field: String, writer: GroupWriter) async throws {
        try await writer.deleteRecurringRule(try WireInput.uuid(op.data.id, field: field + "id"), ifMatch: op.ifMatch)
    }
}
