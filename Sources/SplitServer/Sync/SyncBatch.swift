import Foundation
import PostgresNIO
import SplitAPI
import SplitCore

/// `POST /api/groups/:gid/sync`: applies a client's operations in order, in one transaction
/// that holds the group's lock, and records each op's result under its `opId` in that same
/// transaction, so a resent batch replays the results instead of applying anything twice. Two
/// instances receiving one batch at once are serialised by the group lock; the second finds
/// the first's results.
///
/// Each op is atomic: it is checked before it writes, and runs inside a savepoint, so a refused
/// or conflicting op leaves nothing behind and the next op still runs. Consecutive
/// `createExpense` ops, the bulk of an offline spell, are checked together and inserted with
/// two statements, which is what keeps a batch of a hundred near one round trip's cost.
struct SyncBatch {
    static let maxOps = 1000

    let services: ServerServices
    let group: UUID
    let user: AuthenticatedUser

    typealias Result = Components.Schemas.SyncResult

    func apply(_ ops: [Components.Schemas.SyncOp]) async throws -> [Result] {
        guard !ops.isEmpty else { return [] }
        var opIDs: [UUID] = []
        for (index, op) in ops.enumerated() {
            opIDs.append(try WireInput.uuid(op.opId, field: "ops[\(index)].opId"))
        }
        return try await services.database.transaction { connection in
            let writer = try await GroupWriter.begin(services: services, connection: connection, group: group, user: user)
            var known = try await storedResults(opIDs, on: connection)
            var results: [Result] = []
            var fresh: [(UUID, Result)] = []
            var pending: [PendingExpense] = []

            func record(_ result: Result, opID: UUID) {
                results.append(result)
                fresh.append((opID, result))
                known[opID] = result
            }
            func flush() async throws {
                guard !pending.isEmpty else { return }
                for (opID, result) in try await createExpenses(pending, writer: writer) { record(result, opID: opID) }
                pending.removeAll()
            }

            for (index, op) in ops.enumerated() {
                let opID = opIDs[index]
                // An opId sent twice in one batch: the second is a replay of the first, which
                // may still be waiting in `pending`.
                if pending.contains(where: { $0.opID == opID }) { try await flush() }
                if let replay = known[opID] {
                    try await flush()
                    results.append(replay)
                    continue
                }
                let field = "ops[\(index)]"
                if case .createExpense(let create) = op {
                    do {
                        let expense = try PendingExpense(opID: opID, create.data, field: field + ".data.")
                        if pending.contains(where: { $0.id == expense.id }) { try await flush() }
                        pending.append(expense)
                    } catch let error as APIError {
                        try await flush()
                        record(Self.rejected(opID, error.message), opID: opID)
                    }
                    continue
                }
                try await flush()
                record(try await applyAlone(op, opID: opID, field: field, writer: writer), opID: opID)
            }
            try await flush()
            try await store(fresh, on: connection)
            return results
        }
    }

    // MARK: Ops one by one

    /// Runs one op on its own.
    private func applyAlone(_ op: Components.Schemas.SyncOp, opID: UUID, field: String, writer: GroupWriter)
        async throws -> Result {
        try await attempt(opID, writer: writer, name: Self.memberName(op)) {
            try await run(op, opID: opID, field: field, writer: writer)
        }
    }

    /// Runs `body` in a savepoint: `applied`, or rolled back to nothing with its conflict or
    /// refusal. A refusal for a taken member `name` carries the member holding it as `current`.
    ///
    /// What counts as a refusal is decided by the error, not by a status: a ``DomainError``
    /// whose kind refuses the operation, or an ``APIError`` from reading the op's own fields
    /// (``WireInput``, ``ExpenseDraft``), which are all a request-shape 400. Anything else (the
    /// server unable to go on) fails the whole batch, which the client sends again.
    private func attempt(_ opID: UUID, writer: GroupWriter, name: String? = nil, _ body: () async throws -> Void)
        async throws -> Result {
        let connection = writer.connection
        do {
            try await services.database.savepoint(on: connection, body)
            return Result(opId: Self.lower(opID), status: .applied, revision: writer.revision)
        } catch let stale as StaleRevision {
            return Result(opId: Self.lower(opID), status: .conflict, current: stale.current.syncCurrent, error: stale.message)
        } catch let refusal as any DomainError where refusal.kind.refusesOperation {
            var result = Self.rejected(opID, refusal.message)
            if refusal.kind == .conflict, let name {
                // Two devices that each added "Dana" offline: the second learns which member
                // holds the name, so it can point its own Dana's expenses at that one.
                if let holder = try await services.members.named(name, group: group, on: connection) {
                    result.current = try await services.feed.member(holder, group: group, on: connection)?.syncCurrent
                }
            }
            return result
        } catch let unreadable as APIError {
            return Self.rejected(opID, unreadable.message)
        }
    }

    /// The name a member op asks for, whose clash with another member is a 409.
    private static func memberName(_ op: Components.Schemas.SyncOp) -> String? {
        switch op {
        case .createMember(let op): op.data.name
        case .renameMember(let op): op.data.name
        default: nil
        }
    }

    private func run(_ op: Components.Schemas.SyncOp, opID: UUID, field: String, writer: GroupWriter) async throws {
        let data = field + ".data."
        switch op {
        case .createMember(let op):
            let id = try WireInput.uuid(op.data.id, field: data + "id")
            _ = try await writer.createMember(id: id, name: try WireInput.name(op.data.name, field: data + "name"))
        case .renameMember(let op):
            let id = try WireInput.uuid(op.data.id, field: data + "id")
            _ = try await writer.renameMember(id, to: try WireInput.name(op.data.name, field: data + "name"), ifMatch: op.ifMatch)
        case .removeMember(let op):
            try await writer.removeMember(try WireInput.uuid(op.data.id, field: data + "id"), ifMatch: op.ifMatch)
        case .createExpense(let op):
            // Normally batched by apply(_:); kept here so every op type runs alone too.
            try await create(try PendingExpense(opID: opID, op.data, field: data), writer: writer)
        case .updateExpense(let op):
            let expense = try PendingExpense(opID: opID, op.data, field: data)
            try await writer.updateExpense(expense.id, with: expense.draft, ifMatch: op.ifMatch)
        case .deleteExpense(let op):
            let id = try WireInput.uuid(op.data.id, field: data + "id")
            // Deleting what is already deleted reaches the state the client wants: applied.
            if op.ifMatch == nil, let state = try await services.expenses.lockRevision(id, group: group, on: writer.connection),
               state.deleted {
                return
            }
            try await writer.deleteExpense(id, ifMatch: op.ifMatch)
        case .setPaid(let op):
            let expense = try WireInput.uuid(op.data.expenseId, field: data + "expenseId")
            let member = try WireInput.uuid(op.data.memberId, field: data + "memberId")
            let reason = try WireInput.text(op.data.reason, field: data + "reason", allowing: .note)
            try await writer.setPaid(expense: expense, split: nil, member: member, isPaid: op.data.isPaid, reason: reason,
                                     ifMatch: op.ifMatch)
        case .createPayment(let op):
            let payment = op.data
            let currency = try WireInput.currency(payment.currency, field: data + "currency")
            let amount = Money(minorUnits: try WireAmount.minorUnits(payment.amount, currency: currency, field: data + "amount"),
                               currency: currency)
            let date = try payment.paymentDate.map { text throws(APIError) in try WireInput.date(text, field: data + "paymentDate") }
                ?? Timestamp(millisecondsSince1970: Int64(services.dependencies.now().timeIntervalSince1970 * 1000)).utcDate
            _ = try await writer.createPayment(
                id: try WireInput.uuid(payment.id, field: data + "id"),
                from: try WireInput.uuid(payment.fromMemberId, field: data + "fromMemberId"),
                to: try WireInput.uuid(payment.toMemberId, field: data + "toMemberId"),
                amount: amount, date: date, note: try WireInput.text(payment.note, field: data + "note", allowing: .note))
        case .deletePayment(let op):
            try await writer.deletePayment(try WireInput.uuid(op.data.id, field: data + "id"), ifMatch: op.ifMatch)
        case .setRate(let op):
            let currency = try WireInput.currency(op.data.currency, field: data + "currency")
            let rate = try op.data.rate.map { text throws(APIError) in try APIHandler.rate(text, field: data + "rate") }
            _ = try await writer.setRate(currency, rate: rate, ifMatch: op.ifMatch)
        case .putRecurringRule(let op):
            try await putRecurringRule(op, field: data, writer: writer)
        case .deleteRecurringRule(let op):
            try await deleteRecurringRule(op, field: data, writer: writer)
        case .setCategories(let op):
            try await writer.setCategories(op.data.names, ifMatch: op.ifMatch)
        case .renameGroup(let op):
            let fields = try GroupFields(op.data, field: data)
            _ = try await writer.updateGroup(name: fields.name, description: fields.description, currency: fields.currency,
                                             ifMatch: op.ifMatch)
        case .recordExchanges(let op):
            try await writer.recordExchanges(try ExchangeInput.step(op.data, field: data))
        case .removeExchanges(let op):
            try await writer.removeExchanges(try WireInput.uuid(op.data.id, field: data + "id"), ifMatch: op.ifMatch)
        case .setDeparture(let op):
            let day = try op.data.leftOn.map { text throws(APIError) in try WireInput.date(text, field: data + "leftOn") }
            try await writer.setDeparture(try WireInput.uuid(op.data.memberId, field: data + "memberId"), leftOn: day)
        }
    }

    /// Creates one expense. An id this group already holds, deleted or with other content, is
    /// the same item made elsewhere first (a recurring instance, whose id every device derives
    /// from its rule and period) or made here in a sync whose answer was lost, and changed
    /// since: a conflict carrying the item as it is now, as for a stale `ifMatch`, so the
    /// client takes the deletion or the edit instead of listing a refusal.
    private func create(_ expense: PendingExpense, writer: GroupWriter) async throws {
        do {
            _ = try await writer.createExpense(expense.draft, id: expense.id)
        } catch let error as ClientIDError {
            switch error {
            case .deleted(kind: "expense", _), .expenseWithOtherContent:
                if let now = try await services.feed.expense(expense.id, group: group, on: writer.connection) {
                    throw StaleRevision(current: now, expected: 0)
                }
            default: break
            }
            throw error
        }
    }

    // MARK: createExpense in bulk

    /// A createExpense (or updateExpense) op's validated data.
    struct PendingExpense {
        let opID: UUID
        let id: UUID
        let draft: ExpenseDraft

        init(opID: UUID, _ data: Components.Schemas.SyncExpenseData, field: String) throws(APIError) {
            self.opID = opID
            id = try WireInput.uuid(data.id, field: field + "id")
            draft = try ExpenseDraft(
                description: data.description, amount: data.amount, currency: data.currency, category: data.category,
                paidBy: data.paidByMemberId, date: data.expenseDate,
                splits: data.splits.map { .init(member: $0.memberId, amount: $0.amount, isPaid: $0.isPaid) },
                payers: data.payers.map(APIHandler.rawPayers), note: data.note, createdAt: data.createdAt,
                splitGiven: data.splitGiven, field: field)
        }
    }

    /// Inserts the new expenses together. One whose id exists already, that names someone who
    /// is not a member, or whose split as given does not fit, goes through the one-by-one path,
    /// which gives it its own result.
    private func createExpenses(_ pending: [PendingExpense], writer: GroupWriter) async throws -> [(UUID, Result)] {
        let connection = writer.connection
        let ids = pending.map(\.id)
        var taken = Set<UUID>()
        for try await id in try await connection.query(
            "SELECT id FROM expenses WHERE id = ANY(\(ids))", logger: services.database.logger).decode(UUID.self) {
            taken.insert(id)
        }
        taken.formUnion(try await services.expenses.payers.rowIDs(among: ids, on: connection))
        let mentioned = Array(pending.reduce(into: Set<UUID>()) { $0.formUnion($1.draft.memberIDs.union($1.draft.givenMembers)) })
        var members = Set<UUID>()
        for try await id in try await connection.query(
            "SELECT id FROM members WHERE group_id = \(group) AND id = ANY(\(mentioned))",
            logger: services.database.logger).decode(UUID.self) {
            members.insert(id)
        }
        let clean = pending.filter { expense in
            !taken.contains(expense.id) && expense.draft.memberIDs.isSubset(of: members)
                && expense.draft.givenMembers.isSubset(of: members) && (try? expense.draft.checkSplitGiven()) != nil
                && expense.draft.category.isDefault
        }
        let cleanIDs = Set(clean.map(\.opID))
        if !clean.isEmpty {
            try await services.expenses.insert(clean.map { ($0.id, $0.draft) }, group: group, user: user.id,
                                               revision: writer.revision, on: connection)
        }
        var results: [(UUID, Result)] = []
        for expense in pending {
            if cleanIDs.contains(expense.opID) {
                results.append((expense.opID, Result(opId: Self.lower(expense.opID), status: .applied, revision: writer.revision)))
            } else {
                let result = try await attempt(expense.opID, writer: writer) {
                    try await create(expense, writer: writer)
                }
                results.append((expense.opID, result))
            }
        }
        return results
    }

    // MARK: Stored results

    private func storedResults(_ opIDs: [UUID], on connection: PostgresConnection) async throws -> [UUID: Result] {
        var known: [UUID: Result] = [:]
        let rows = try await connection.query(
            "SELECT op_id, result FROM sync_operations WHERE group_id = \(group) AND op_id = ANY(\(opIDs))",
            logger: services.database.logger)
        for try await (id, bytes) in rows.decode((UUID, ByteBuffer).self) {
            known[id] = try JSONDecoder().decode(Result.self, from: Data(buffer: bytes))
        }
        return known
    }

    private func store(_ results: [(UUID, Result)], on connection: PostgresConnection) async throws {
        guard !results.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var ids: [UUID] = [], bodies: [String] = []
        for (id, result) in results {
            ids.append(id)
            bodies.append(String(decoding: try encoder.encode(result), as: UTF8.self))
        }
        try await connection.query("""
            INSERT INTO sync_operations (group_id, op_id, user_id, result, created_at)
            SELECT \(group), t.id, \(user.id), convert_to(t.body, 'UTF8'), \(services.dependencies.now())
            FROM unnest(\(ids)::uuid[], \(bodies)::text[]) AS t(id, body)
            """, logger: services.database.logger)
    }

    private static func rejected(_ opID: UUID, _ message: String) -> Result {
        Result(opId: lower(opID), status: .rejected, error: message)
    }

    private static func lower(_ id: UUID) -> String { id.uuidString.lowercased() }
}
