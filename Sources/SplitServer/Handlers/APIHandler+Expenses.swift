import Foundation
import SplitAPI

extension APIHandler {
    /// Served by ``ExpenseListRoute`` in the running server; this typed version answers the same
    /// data through the generated types, and tests compare the two.
    func listExpenses(_ input: Operations.ListExpenses.Input) async throws -> Operations.ListExpenses.Output {
        let (_, group) = try await member(of: input.path.groupId)
        let expenses = try await services.expenses.list(group: group)
        return .ok(.init(body: .json(.init(expenses: expenses.map(Self.wire)))))
    }

    func createExpense(_ input: Operations.CreateExpense.Input) async throws -> Operations.CreateExpense.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let (user, group) = try await member(of: body.groupId)
        let draft = try ExpenseDraft(
            description: body.description, amount: body.amount, currency: body.currency, category: body.category,
            paidBy: body.paidByMemberId, date: body.expenseDate,
            splits: body.splits.map { .init(member: $0.memberId, amount: $0.amount, isPaid: $0.isPaid) })
        let id = try await services.database.transaction { connection in
            try await services.expenses.create(draft, group: group, user: user.id, on: connection)
        }
        return .created(.init(body: .json(.init(success: true, expenseId: Self.lower(id)))))
    }

    func updateExpense(_ input: Operations.UpdateExpense.Input) async throws -> Operations.UpdateExpense.Output {
        let user = try AuthenticatedUser.required()
        let expense = try WireInput.uuid(input.path.expenseId, field: "expenseId")
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let group = try await services.expenses.group(of: expense)
        try await services.groups.access(group: group, user: user.id)
        let draft = try ExpenseDraft(
            description: body.description, amount: body.amount, currency: body.currency, category: body.category,
            paidBy: body.paidByMemberId, date: body.expenseDate,
            splits: body.splits.map { .init(member: $0.memberId, amount: $0.amount, isPaid: $0.isPaid) })
        let record = try await services.database.transaction { connection in
            guard try await services.expenses.canEdit(expense, user: user.id, on: connection) else {
                throw APIError.forbidden("only the expense's creator, the group owner or an admin may edit it")
            }
            try await services.expenses.update(expense, with: draft, user: user.id, on: connection)
            return try await services.expenses.find(expense, group: group, on: connection)
        }
        return .ok(.init(body: .json(.init(expense: Self.wire(record)))))
    }

    func deleteExpense(_ input: Operations.DeleteExpense.Input) async throws -> Operations.DeleteExpense.Output {
        let user = try AuthenticatedUser.required()
        let expense = try WireInput.uuid(input.path.expenseId, field: "expenseId")
        let group = try await services.expenses.group(of: expense)
        try await services.groups.access(group: group, user: user.id)
        try await services.database.transaction { connection in
            guard try await services.expenses.canEdit(expense, user: user.id, on: connection) else {
                throw APIError.forbidden("only the expense's creator, the group owner or an admin may delete it")
            }
            try await services.expenses.delete(expense, user: user.id, on: connection)
        }
        return .ok(.init(body: .json(.init(success: true))))
    }

    func setSplitPaid(_ input: Operations.SetSplitPaid.Input) async throws -> Operations.SetSplitPaid.Output {
        let user = try AuthenticatedUser.required()
        let split = try WireInput.uuid(input.path.splitId, field: "splitId")
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let reason = try WireInput.text(body.reason, field: "reason", allowing: .note)
        let group = try await services.splits.group(of: split)
        try await services.groups.access(group: group, user: user.id)
        try await services.splits.setPaid(split, isPaid: body.isPaid, reason: reason, user: user.id, ip: RequestOrigin.clientIP)
        return .ok(.init(body: .json(.init(success: true, message: body.isPaid ? "Marked paid" : "Marked unpaid"))))
    }

    func getSplitHistory(_ input: Operations.GetSplitHistory.Input) async throws -> Operations.GetSplitHistory.Output {
        let user = try AuthenticatedUser.required()
        let split = try WireInput.uuid(input.path.splitId, field: "splitId")
        let group = try await services.splits.group(of: split)
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
