import SplitCore

/// Expenses, paid shares and payments. Listing order and filters match local mode: newest
/// date first, then newest created, then id.
extension CloudBackend {
    /// Validates every expense before sending any, then creates them one by one. The API has
    /// no batch call, so a batch that fails part-way (a dropped connection) keeps what was sent;
    /// the error says how many.
    @discardableResult
    public func addExpenses(_ expenses: [Expense], trip: TripID, at: Timestamp) async throws -> [Expense] {
        guard !expenses.isEmpty else { throw CloudError.invalid("no expenses to add") }
        let capabilities = try await client.capabilities()
        let members = Set(try await client.members(group: trip).map(\.id))
        for expense in expenses {
            try WireValidation.expense(expense, members: members, capabilities: capabilities)
        }
        forgetExpenses(trip)
        var stored: [Expense] = []
        for expense in expenses {
            let id: ExpenseID
            do {
                id = try await client.createExpense(expense, group: trip)
            } catch {
                throw stored.isEmpty ? error as any Error : PartialWriteError(stored: stored.count, total: expenses.count, cause: error)
            }
            stored.append(Expense(id: id, description: expense.description, amount: expense.amount,
                                  category: expense.category, paidBy: expense.paidBy, date: expense.date,
                                  splits: expense.splits, createdAt: at))
        }
        return stored
    }

    public func expenses(trip: TripID, filter: ExpenseFilter) async throws -> [Expense] {
        try await cloudExpenses(trip).map(\.expense).filter { Self.matches($0, filter) }.sorted(by: Self.listOrder)
    }

    public func expense(matching reference: String, trip: TripID) async throws -> Expense {
        let key = reference.trimmingSpaces.lowercased()
        guard key.count >= 6 else { throw ResolutionError.tooShortPrefix(what: "expense", reference: reference) }
        let found = try await cloudExpenses(trip).filter { $0.expense.id.rawValue.hasPrefix(key) }
        guard let first = found.first else {
            throw CloudError.notFound("no expense with id '\(reference)' in this trip; list them with: split expenses")
        }
        guard found.count == 1 else {
            throw ResolutionError.ambiguous(what: "expense id", reference: reference,
                                            matches: found.map { String($0.expense.id.rawValue.prefix(12)) })
        }
        return first.expense
    }

    /// Needs split-server's `PUT /api/expenses/:id`.
    public func replaceExpense(_ expense: Expense, trip: TripID, at: Timestamp) async throws {
        let capabilities = try await client.capabilities()
        let members = Set(try await client.members(group: trip).map(\.id))
        try WireValidation.expense(expense, members: members, capabilities: capabilities)
        forgetExpenses(trip)
        _ = try await client.updateExpense(expense)
    }

    /// Deleting an expense that is already gone (404) counts as done.
    public func deleteExpense(_ id: ExpenseID, trip: TripID, at: Timestamp) async throws {
        forgetExpenses(trip)
        try await client.deleteExpense(id)
    }

    public func setSharePaid(expense id: ExpenseID, member: MemberID, paid: Bool, trip: TripID, at: Timestamp) async throws {
        guard let expense = try await cloudExpenses(trip).first(where: { $0.expense.id == id }) else {
            throw CloudError.notFound("no expense with id '\(id.rawValue)' in this trip; list them with: split expenses")
        }
        guard let split = expense.expense.splits.first(where: { $0.memberID == member }),
              let splitID = expense.splitIDs[member] else {
            throw CloudError.invalid("member \(member.short) has no share in '\(expense.expense.description)'")
        }
        guard split.isPaid != paid else { return }
        forgetExpenses(trip)
        try await client.setSplitPaid(splitID: splitID, paid: paid)
    }

    /// Needs split-server's payments endpoints: the Node server cannot store payments.
    @discardableResult
    public func addPayment(_ payment: Payment, trip: TripID, at: Timestamp) async throws -> Payment {
        try await client.require(.payments, for: "store payments")
        let members = Set(try await client.members(group: trip).map(\.id))
        try WireValidation.payment(payment, members: members, capabilities: try await client.capabilities())
        return try await client.createPayment(payment, group: trip)
    }

    /// The server's payments; none on a server without payments (the Node server).
    public func payments(trip: TripID) async throws -> [Payment] {
        guard try await client.capabilities().has(.payments) else { return [] }
        return try await client.payments(group: trip)
    }

    static func matches(_ expense: Expense, _ filter: ExpenseFilter) -> Bool {
        if let member = filter.member, expense.paidBy != member, !expense.splits.contains(where: { $0.memberID == member }) {
            return false
        }
        if let category = filter.category, expense.category != category { return false }
        if let currency = filter.currency, expense.amount.currency != currency { return false }
        if let since = filter.since, expense.date < since { return false }
        if let until = filter.until, expense.date > until { return false }
        return true
    }

    /// Newest date first, then newest created, then id: the order of local mode and of the API.
    static func listOrder(_ lhs: Expense, _ rhs: Expense) -> Bool {
        if lhs.date != rhs.date { return lhs.date > rhs.date }
        let (left, right) = (lhs.createdAt?.millisecondsSince1970 ?? 0, rhs.createdAt?.millisecondsSince1970 ?? 0)
        if left != right { return left > right }
        return lhs.id < rhs.id
    }
}
