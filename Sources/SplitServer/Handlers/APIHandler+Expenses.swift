import Foundation
import SplitAPI

extension APIHandler {
    /// Served by ``ExpenseListRoute`` in the running server; this typed version answers the same
    /// data through the generated types, and tests compare the two.
    func listExpenses(_ input: Operations.ListExpenses.Input) async throws -> Operations.ListExpenses.Output {
        let (_, group, revision) = try await access(input.path.groupId)
        if let unchanged = Self.notModified(input.headers.ifNoneMatch, revision: revision) { return .notModified(unchanged) }
        let expenses = try await services.expenses.list(group: group)
        return .ok(.init(body: .json(.init(expenses: expenses.flatMap(Self.wireRows)))))
    }

    func createExpense(_ input: Operations.CreateExpense.Input) async throws -> Operations.CreateExpense.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        guard let credential = AuthenticatedUser.credential else { throw AuthenticatedUser.Credential.refused }
        let groupID = try WireInput.uuid(body.groupId, field: "groupId")
        let id = try Self.clientID(body.id)
        let draft = try ExpenseDraft(
            description: body.description, amount: body.amount, currency: body.currency, category: body.category,
            paidBy: body.paidByMemberId, date: body.expenseDate,
            splits: body.splits.map { .init(member: $0.memberId, amount: $0.amount, isPaid: $0.isPaid) },
            payers: body.payers.map(Self.rawPayers), note: body.note, createdAt: body.createdAt,
            splitGiven: body.splitGiven)
        // One statement for the common case (the server's creation time, one payer, no split
        // as given); the general path below answers everything else.
        if draft.createdAt == nil, draft.storedPayers.isEmpty, draft.splitGiven == nil, draft.category.isDefault,
           let stored = try await services.quickInsert.insert(draft, id: id, group: groupID, credential: credential) {
            return .created(.init(body: .json(.init(success: true, expenseId: Self.lower(stored)))))
        }
        let (user, group) = try await member(of: body.groupId)
        let (stored, created) = try await write(group: group, user: user) { writer in
            try await writer.createExpense(draft, id: id)
        }
        let answer = Components.Schemas.CreatedExpense(success: true, expenseId: Self.lower(stored))
        return created ? .created(.init(body: .json(answer))) : .ok(.init(body: .json(answer)))
    }

    func updateExpense(_ input: Operations.UpdateExpense.Input) async throws -> Operations.UpdateExpense.Output {
        let user = try await AuthenticatedUser.required()
        let expense = try WireInput.uuid(input.path.expenseId, field: "expenseId")
        let ifMatch = try RevisionTag.ifMatch(input.headers.ifMatch)
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        // With If-Match, a deleted expense is a 412 (its tombstone), not a 404.
        let group = try await services.expenses.group(of: expense, includingDeleted: ifMatch != nil)
        try await services.groups.access(group: group, user: user.id)
        let draft = try ExpenseDraft(
            description: body.description, amount: body.amount, currency: body.currency, category: body.category,
            paidBy: body.paidByMemberId, date: body.expenseDate,
            splits: body.splits.map { .init(member: $0.memberId, amount: $0.amount, isPaid: $0.isPaid) },
            payers: body.payers.map(Self.rawPayers), note: body.note, splitGiven: body.splitGiven)
        do {
            let record = try await write(group: group, user: user) { writer in
                try await writer.updateExpense(expense, with: draft, ifMatch: ifMatch)
                return try await services.expenses.find(expense, group: group, on: writer.connection)
            }
            return .ok(.init(body: .json(.init(expense: Self.wire(record)))))
        } catch let stale as StaleRevision {
            return .preconditionFailed(try Self.expenseChanged(stale))
        }
    }

    /// The `payers` of a request as ``ExpenseDraft`` reads them.
    static func rawPayers(_ payers: [Components.Schemas.ExpensePayer]) -> [ExpenseDraft.RawPayer] {
        payers.map { .init(member: $0.memberId, amount: $0.amount) }
    }

    func deleteExpense(_ input: Operations.DeleteExpense.Input) async throws -> Operations.DeleteExpense.Output {
        let user = try await AuthenticatedUser.required()
        let expense = try WireInput.uuid(input.path.expenseId, field: "expenseId")
        let ifMatch = try RevisionTag.ifMatch(input.headers.ifMatch)
        let group = try await services.expenses.group(of: expense, includingDeleted: ifMatch != nil)
        try await services.groups.access(group: group, user: user.id)
        do {
            try await write(group: group, user: user) { writer in try await writer.deleteExpense(expense, ifMatch: ifMatch) }
            return .ok(.init(body: .json(.init(success: true))))
        } catch let stale as StaleRevision {
            return .preconditionFailed(try Self.expenseChanged(stale))
        }
    }

    func setSplitPaid(_ input: Operations.SetSplitPaid.Input) async throws -> Operations.SetSplitPaid.Output {
        let user = try await AuthenticatedUser.required()
        let split = try WireInput.uuid(input.path.splitId, field: "splitId")
        let ifMatch = try RevisionTag.ifMatch(input.headers.ifMatch)
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let reason = try WireInput.text(body.reason, field: "reason", allowing: .note)
        let (expense, group) = try await services.splits.owner(of: split)
        try await services.groups.access(group: group, user: user.id)
        do {
            try await write(group: group, user: user) { writer in
                try await writer.setPaid(expense: expense, split: split, member: nil, isPaid: body.isPaid, reason: reason,
                                         ifMatch: ifMatch)
            }
            return .ok(.init(body: .json(.init(success: true, message: body.isPaid ? "Marked paid" : "Marked unpaid"))))
        } catch let stale as StaleRevision {
            return .preconditionFailed(try Self.expenseChanged(stale))
        }
    }

    func getSplitHistory(_ input: Operations.GetSplitHistory.Input) async throws -> Operations.GetSplitHistory.Output {
        let user = try await AuthenticatedUser.required()
        let split = try WireInput.uuid(input.path.splitId, field: "splitId")
        let (_, group) = try await services.splits.owner(of: split)
        try await services.groups.access(group: group, user: user.id)
        let history = try await services.splits.history(split)
        return .ok(.init(body: .json(.init(history: history.map { entry in
            .init(id: Self.lower(entry.id), expenseSplitId: Self.lower(entry.splitID),
                  action: entry.action == .markedPaid ? .markedPaid : .markedUnpaid,
                  performedByUserId: Self.lower(entry.userID),
                  performedAt: entry.performedAt, reason: entry.reason, performedByName: entry.userName)
        }))))
    }
}
