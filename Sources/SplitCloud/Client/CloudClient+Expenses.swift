import SplitAPI
import SplitCore

/// Expenses and the paid state of their splits.
extension CloudClient {
    /// Live expenses with their splits and split ids. split-server's rows of an expense several
    /// members paid (one per payer, each with `partOf`) come back as that one expense.
    public func expenses(group: TripID) async throws(CloudError) -> [CloudExpense] {
        let operation = "GET /api/groups/\(group.rawValue)/expenses"
        let output = try await call(operation, notFound: Self.missingGroup(group)) {
            try await $0.listExpenses(path: .init(groupId: group.rawValue))
        }
        switch output {
        case .ok(let ok):
            return try answer { () throws -> [CloudExpense] in ExpenseMapping.domain(listing: try ok.body.json.expenses) }
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    /// `POST /api/expenses`; returns the server's id. Validate with the group's members first
    /// (``WireValidation/expense(_:members:capabilities:)``).
    public func createExpense(_ expense: Expense, group: TripID, includePaid: Bool = false, key: String? = nil)
        async throws(CloudError) -> ExpenseID {
        let operation = "POST /api/expenses"
        let keepsGiven = includePaid ? try await capabilities().has(.splitGiven) : false
        let body = ExpenseMapping.create(expense, group: group, includePaid: includePaid, includeSplitGiven: keepsGiven)
        let output = try await call(operation, repeatable: try await keysHonoured(), notFound: Self.missingGroup(group)) {
            try await $0.createExpense(headers: .init(idempotencyKey: key), body: .json(body))
        }
        switch output {
        case .created(let created): return ExpenseID(try answer { try created.body.json.expenseId })
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    /// `DELETE /api/expenses/:id`. A 404 means it is already gone, which is what was asked.
    public func deleteExpense(_ id: ExpenseID) async throws(CloudError) {
        let operation = "DELETE /api/expenses/\(id.rawValue)"
        let output: Operations.DeleteExpense.Output
        do {
            output = try await call(operation, notFound: "gone") {
                try await $0.deleteExpense(path: .init(expenseId: id.rawValue))
            }
        } catch .notFound {
            return
        }
        switch output {
        case .ok: return
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    /// `PATCH /api/expense-splits/:id/payment` with a real boolean (the Node server stores the
    /// string "false" as false but answers "Marked paid").
    ///
    /// Always repeatable after a timeout or 5xx, even without idempotency: it sets a state
    /// rather than adding anything, so a repeat changes nothing (the Node server merely logs
    /// the mark twice in the share's history).
    public func setSplitPaid(splitID: String, paid: Bool, key: String? = nil) async throws(CloudError) {
        let operation = "PATCH /api/expense-splits/\(splitID)/payment"
        let output = try await call(operation, repeatable: true, notFound: "that share no longer exists on the server") {
            try await $0.setSplitPaid(path: .init(splitId: splitID), headers: .init(idempotencyKey: key),
                                      body: .json(.init(isPaid: paid)))
        }
        switch output {
        case .ok: return
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }
}
