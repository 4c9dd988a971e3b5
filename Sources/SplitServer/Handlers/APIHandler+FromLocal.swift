import Foundation
import PostgresNIO
import SplitAPI
import SplitCore

extension APIHandler {
    /// The one-shot upload of a local trip: everything is validated before anything is written,
    /// then the group, its members, its expenses and their splits are inserted in one
    /// transaction (a constant number of statements). Any invalid expense fails the whole
    /// request with a 400 naming its `localId`.
    func createGroupFromLocal(_ input: Operations.CreateGroupFromLocal.Input) async throws
        -> Operations.CreateGroupFromLocal.Output {
        let user = try await AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let name = try WireInput.name(body.name, field: "name")
        let description = try WireInput.text(body.description, field: "description")
        let currency = try body.currency.map { code throws(APIError) in try WireInput.currency(code).code }
        let groupID = try Self.clientID(body.id)
        // Only an upload with a client-chosen group id can be retried, so only it is fingerprinted.
        let requestHash = try groupID.map { _ in try Self.fingerprint(body) }
        if let groupID, let requestHash, let stored = try await storedUpload(groupID, hash: requestHash, user: user) {
            return .ok(.init(body: .json(stored)))
        }

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
            let id = try Self.clientID(member.id, field: field + ".id") ?? services.dependencies.newID()
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
                let id = try Self.clientID(expense.id, field: "id") ?? services.dependencies.newID()
                drafts.append((localId, id, draft, expense.splits.map(\.memberLocalId)))
            } catch let error as APIError {
                throw APIError.badRequest("\(label): \(error.message)")
            }
        }

        try Self.refuseRepeats(members.map(\.id), field: "members[].id")
        try Self.refuseRepeats(drafts.map(\.id), field: "expenses[].id")
        let (group, splitIDs) = try await services.database.transaction { connection in
            try await refuseTaken(group: groupID, members: members.map(\.id), expenses: drafts.map(\.id), on: connection)
            let group = try await services.groups.create(
                id: groupID, name: name, description: description, currency: currency, owner: user, on: connection)
            // A new group is at revision 1 (see GroupRepository.create); everything uploaded is part of it.
            try await connection.query("""
                INSERT INTO members (id, group_id, name, revision)
                SELECT t.id, \(group.id), t.name, 1 FROM unnest(\(members.map(\.id))::uuid[], \(members.map(\.name))::text[]) AS t(id, name)
                """, logger: services.database.logger)
            let splitIDs = try await services.expenses.insert(
                drafts.map { ($0.id, $0.draft) }, group: group.id, user: user.id, revision: 1, on: connection)
            return (group, splitIDs)
        }
        let response = Components.Schemas.FromLocalResponse(
            groupId: Self.lower(group.id),
            members: members.map { .init(localId: $0.localId, id: Self.lower($0.id)) },
            expenses: zip(drafts, splitIDs).map { item, ids in
                .init(localId: item.localId, id: Self.lower(item.id),
                      splits: zip(item.splitLocalIDs, ids).map { .init(memberLocalId: $0, id: Self.lower($1)) })
            })
        if let groupID, let requestHash {
            try await rememberUpload(groupID, hash: requestHash, response: response)
        }
        return .created(.init(body: .json(response)))
    }

    /// The request in a stable form (sorted keys), whose SHA-256 PostgreSQL keeps to tell an
    /// identical retry from another upload.
    private static func fingerprint(_ body: Components.Schemas.FromLocalRequest) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return ByteBuffer(data: try encoder.encode(body))
    }

    /// The answer of an earlier upload with this group id: 200 with it for the same user and
    /// body; 409 for anything else that already uses the id.
    private func storedUpload(_ group: UUID, hash: ByteBuffer, user: AuthenticatedUser) async throws
        -> Components.Schemas.FromLocalResponse? {
        let rows = try await services.database.query("""
            SELECT g.owner_id, u.request_hash = sha256(\(hash)), u.response FROM trip_groups g
            LEFT JOIN from_local_uploads u ON u.group_id = g.id WHERE g.id = \(group)
            """)
        for try await (owner, same, response) in rows.decode((UUID?, Bool?, ByteBuffer?).self) {
            guard owner == user.id, same == true, let response else {
                throw APIError.conflict("group id \(Self.lower(group)) is already used by another group")
            }
            return try JSONDecoder().decode(Components.Schemas.FromLocalResponse.self, from: Data(buffer: response))
        }
        return nil
    }

    private func rememberUpload(_ group: UUID, hash: ByteBuffer, response: Components.Schemas.FromLocalResponse) async throws {
        let body = try JSONEncoder().encode(response)
        try await services.database.query("""
            INSERT INTO from_local_uploads (group_id, request_hash, response) VALUES (\(group), sha256(\(hash)), \(ByteBuffer(data: body)))
            ON CONFLICT (group_id) DO NOTHING
            """)
    }

    private static func refuseRepeats(_ ids: [UUID], field: String) throws(APIError) {
        var seen = Set<UUID>()
        for id in ids where !seen.insert(id).inserted {
            throw .badRequest("\(field): id \(Self.lower(id)) appears twice")
        }
    }

    /// A 409 when a client-chosen id is already used, or was used by a deleted item.
    private func refuseTaken(group: UUID?, members: [UUID], expenses: [UUID], on connection: PostgresConnection) async throws {
        let rows = try await connection.query("""
            SELECT 'group', id FROM trip_groups WHERE id = \(group)
            UNION ALL SELECT 'member', id FROM members WHERE id = ANY(\(members))
            UNION ALL SELECT 'expense', id FROM expenses WHERE id = ANY(\(expenses))
            UNION ALL SELECT 'expense', row_id FROM expense_payers WHERE row_id = ANY(\(expenses))
            UNION ALL SELECT 'member', item::uuid FROM sync_tombstones WHERE kind = 'member' AND item = ANY(\(members.map(Self.lower)))
            LIMIT 1
            """, logger: services.database.logger)
        for try await (kind, id) in rows.decode((String, UUID).self) {
            throw APIError.conflict("\(kind) id \(Self.lower(id)) is already used")
        }
    }

    /// The expense with its member localIds replaced by the new members' ids. Its split as
    /// given names members by localId too, and is checked here: every member it can name is
    /// one of this request's, all new to the group.
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
        let payers = try expense.payers.map { payers in
            try payers.enumerated().map { index, payer in
                ExpenseDraft.RawPayer(member: try mapped(payer.localId, "payers[\(index)].localId"), amount: payer.amount)
            }
        }
        do {
            let draft = try ExpenseDraft(
                description: expense.description, amount: expense.amount, currency: expense.currency,
                category: expense.category, paidBy: try mapped(expense.paidByLocalId, "paidByLocalId"),
                date: expense.expenseDate, splits: shares, payers: payers, note: expense.note, createdAt: expense.createdAt,
                splitGiven: expense.splitGiven, member: { memberIDs[$0].map(ExpenseRecord.member) })
            do {
                try draft.checkSplitGiven()
            } catch {
                throw APIError(error)
            }
            return draft
        } catch let error as APIError {
            // The draft names members by the ids this request gives them; say which localIds.
            var message = error.message.replacingOccurrences(of: "paidByMemberId", with: "paidByLocalId")
            for (localID, id) in memberIDs { message = message.replacingOccurrences(of: Self.lower(id), with: "'\(localID)'") }
            throw APIError.badRequest(message)
        }
    }
}
