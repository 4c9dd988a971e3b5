import SplitCore
import SplitJSON

/// Expenses and the paid state of their splits.
extension CloudClient {
    /// Live expenses with their splits and split ids.
    public func expenses(group: TripID) async throws(CloudError) -> [CloudExpense] {
        let json = try await call(CloudRequest(.get, "/api/groups/\(group.rawValue)/expenses"),
                                  notFound: Self.missingGroup(group))
        do { return try WireDecoding.list(json, "expenses", WireDecoding.expense) } catch { throw bad(error) }
    }

    /// `POST /api/expenses`; returns the server's id. Validate with the group's members first
    /// (``WireValidation/expense(_:members:capabilities:)``).
    public func createExpense(_ expense: Expense, group: TripID, includePaid: Bool = false, key: String? = nil)
        async throws(CloudError) -> ExpenseID {
        let body = WireEncoding.expense(expense, group: group, includePaid: includePaid)
        let json = try await call(try await write(.post, "/api/expenses", body: body, key: key),
                                  notFound: Self.missingGroup(group))
        guard let id = json["expenseId"]?.stringValue else {
            throw .badResponse(server: server.url, detail: "POST /api/expenses answered without expenseId")
        }
        return ExpenseID(id)
    }

    /// split-server only: `PUT /api/expenses/:id`, returning the expense as stored.
    public func updateExpense(_ expense: Expense) async throws(CloudError) -> CloudExpense {
        try await require(.expenseEdit, for: "edit expenses (delete it and add it again instead)")
        let body = WireEncoding.expense(expense, group: nil, includePaid: true)
        let json = try await call(CloudRequest(.put, "/api/expenses/\(expense.id.rawValue)", body: body),
                                  notFound: "expense \(expense.id.short) no longer exists on the server")
        do { return try WireDecoding.expense(json["expense"]) } catch { throw bad(error) }
    }

    /// `DELETE /api/expenses/:id`. A 404 means it is already gone, which is what was asked.
    public func deleteExpense(_ id: ExpenseID) async throws(CloudError) {
        do {
            _ = try await call(CloudRequest(.delete, "/api/expenses/\(id.rawValue)"), notFound: "gone")
        } catch .notFound {
            return
        }
    }

    /// `PATCH /api/expense-splits/:id/payment` with a real boolean (the Node server stores the
    /// string "false" as false but answers "Marked paid").
    ///
    /// Always repeatable after a timeout or 5xx, even without idempotency: it sets a state
    /// rather than adding anything, so a repeat changes nothing (the Node server merely logs
    /// the mark twice in the share's history).
    public func setSplitPaid(splitID: String, paid: Bool, key: String? = nil) async throws(CloudError) {
        let request = CloudRequest(.patch, "/api/expense-splits/\(splitID)/payment",
                                   body: .object([JSONMember("isPaid", .bool(paid))]), idempotencyKey: key ?? newKey(),
                                   repeatable: true)
        _ = try await call(request, notFound: "that share no longer exists on the server")
    }
}
