import Foundation
import PostgresNIO
import SplitAPI

extension APIHandler {
    /// The one-shot upload of a local trip: everything is validated before anything is written,
    /// then the group, its members, its expenses and their splits are inserted in one
    /// transaction (a constant number of statements). Any invalid expense fails the whole
    /// request with a 400 naming its `localId`.
    func createGroupFromLocal(_ input: Operations.CreateGroupFromLocal.Input) async throws
        -> Operations.CreateGroupFromLocal.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let name = try WireInput.name(body.name, field: "name")
        let description = try WireInput.text(body.description, field: "description")

        var memberIDs: [String: UUID] = [:]
        var names = Set<String>()
        var members: [(localId: String, id: UUID, name: String)] = []
        for (index, member) in body.members.enumerated() {
            let field = "members[\(index)]"
            let localId = try WireInput.localID(member.localId, field: field + ".localId")
            guard memberIDs[localId] == nil else { throw APIError.badRequest("\(field): localId '\(localId)' appears twice") }
            let memberName = try WireInput.name(member.name, field: field + ".name")
            guard names.insert(memberName.lowercased()).inserted else {
                throw APIError.badRequest("\(field): the name '\(memberName)' appears twice; names are unique (case-insensitive)")
            }
            let id = services.dependencies.newID()
            memberIDs[localId] = id
            members.append((localId, id, memberName))
        }

        var expenseLocalIDs = Set<String>()
        var drafts: [(localId: String, id: UUID, draft: ExpenseDraft, splitLocalIDs: [String])] = []
        for (index, expense) in body.expenses.enumerated() {
            let localId = try WireInput.localID(expense.localId, field: "expenses[\(index)].localId")
            let label = "expense '\(localId)' (expenses[\(index)])"
            guard expenseLocalIDs.insert(localId).inserted else { throw APIError.badRequest("\(label): localId appears twice") }
            do {
                let draft = try Self.draft(expense, memberIDs: memberIDs)
                drafts.append((localId, services.dependencies.newID(), draft, expense.splits.map(\.memberLocalId)))
            } catch let error as APIError {
                throw APIError.badRequest("\(label): \(error.message)")
            }
        }

        let (group, splitIDs) = try await services.database.transaction { connection in
            let group = try await services.groups.create(name: name, description: description, owner: user, on: connection)
            try await connection.query("""
                INSERT INTO members (id, group_id, name)
                SELECT t.id, \(group.id), t.name FROM unnest(\(members.map(\.id))::uuid[], \(members.map(\.name))::text[]) AS t(id, name)
                """, logger: services.database.logger)
            let splitIDs = try await services.expenses.insert(
                drafts.map { ($0.id, $0.draft) }, group: group.id, user: user.id, on: connection)
            return (group, splitIDs)
        }
        let response = Components.Schemas.FromLocalResponse(
            groupId: Self.lower(group.id),
            members: members.map { .init(localId: $0.localId, id: Self.lower($0.id)) },
            expenses: zip(drafts, splitIDs).map { item, ids in
                .init(localId: item.localId, id: Self.lower(item.id),
                      splits: zip(item.splitLocalIDs, ids).map { .init(memberLocalId: $0, id: Self.lower($1)) })
            })
        return .created(.init(body: .json(response)))
    }

    /// The expense with its member localIds replaced by the new members' ids.
    private static func draft(_ expense: Components.Schemas.FromLocalExpense, memberIDs: [String: UUID]) throws -> ExpenseDraft {
        func mapped(_ reference: String, _ field: String) throws -> String {
            guard let id = memberIDs[try WireInput.localID(reference, field: field)] else {
                throw APIError.badRequest("\(field) '\(reference.prefix(64))' is not the localId of a member in this request")
            }
            return id.uuidString
        }
        var shares: [ExpenseDraft.RawShare] = []
        for split in expense.splits {
            shares.append(.init(member: try mapped(split.memberLocalId, "memberLocalId"), amount: split.amount, isPaid: split.isPaid))
        }
        return try ExpenseDraft(
            description: expense.description, amount: expense.amount, currency: expense.currency,
            category: expense.category, paidBy: try mapped(expense.paidByLocalId, "paidByLocalId"),
            date: expense.expenseDate, splits: shares)
    }
}
