import GRDB
import GRDBSQLite
import SplitCore

extension LocalBackend {
    /// Adds `expenses` as one change. Each keeps its split as given (``SplitCore/Expense/splitGiven``),
    /// so a later edit of its amount, here or on another device, divides it the same way.
    @discardableResult
    public func addExpenses(_ expenses: [Expense], trip: TripID, at: Timestamp) async throws -> [Expense] {
        try write(trip, at: at) { writer in try writer.addExpenses(expenses) }
    }

    /// ``addExpenses(_:trip:at:)`` for one expense typed by hand, which also answers the
    /// expense added in the last ten minutes that it repeats (``SplitCore/RepeatRule``), read
    /// in the same write; nil when there is none.
    public func addExpense(_ expense: Expense, trip: TripID, at: Timestamp)
        async throws -> (stored: [Expense], repeats: Expense?) {
        try write(trip, at: at) { writer in
            let earlier = try repeated(writer.db, by: expense, trip: trip, at: at)
            return (try writer.addExpenses([expense]), earlier)
        }
    }

    /// The newest live expense created since ``SplitCore/RepeatRule/since(_:)`` that `expense`
    /// repeats, or nil.
    private func repeated(_ db: Database, by expense: Expense, trip: TripID, at: Timestamp) throws -> Expense? {
        let candidates = try Row.fetchCursor(db, sql: ExpenseRecord.recentSameSQL, arguments: [
            "trip": trip.rawValue, "amount": expense.amount.minorUnits, "currency": expense.amount.currency.code,
            "date": expense.date.description, "since": RepeatRule.since(at).iso8601,
        ])
        // Only a candidate with the same description is read whole (its payers decide): a
        // script that adds many expenses of one amount in a few minutes reads none of them.
        var ids: [String] = []
        while let row = try candidates.next() {
            let stored = StoredRow(row, table: ExpenseRecord.databaseTableName)
            if RepeatRule.sameDescription(expense.description, try stored.text(ExpenseRecord.Columns.description)) {
                ids.append(try stored.text(ExpenseRecord.Columns.id))
            }
        }
        for id in ids {
            if let earlier = try ExpenseListing.expense(db, ExpenseID(id), trip: trip, includeDeleted: false),
               RepeatRule.repeats(expense, earlier) { return earlier }
        }
        return nil
    }

    public func expenses(trip: TripID, filter: ExpenseFilter) async throws -> [Expense] {
        var result: [Expense] = []
        try await forEachExpense(trip: trip, filter: filter) { result.append($0) }
        return result
    }

    /// Streams matching expenses in list order without holding them all in memory.
    public func forEachExpense(trip: TripID, filter: ExpenseFilter, _ body: (Expense) throws -> Void) async throws {
        try database.read { db in try ExpenseListing.stream(db, trip: trip, filter: filter, body) }
    }

    public func expense(matching reference: String, trip: TripID) async throws -> Expense {
        try database.read { db in try ExpenseRecord.find(db, reference, trip: trip) }
    }

    /// Replaces the expense with `expense.id`; returns the parts stored (see
    /// ``TripWriter/editExpense(_:)``).
    @discardableResult
    public func replaceExpense(_ expense: Expense, trip: TripID, at: Timestamp) async throws -> [Expense] {
        try write(trip, at: at) { writer in
            try writer.editExpense(expense)
        }
    }

    /// Finds the expense `reference` names (an id or a unique prefix) and replaces it with
    /// `edit`'s version of it, in one write: no other change slips in between. Returns the
    /// version found and the parts stored.
    public func editExpense(matching reference: String, trip: TripID, at: Timestamp,
                            _ edit: (Expense) throws -> Expense) async throws -> (old: Expense, stored: [Expense]) {
        try write(trip, at: at) { writer in
            let old = try ExpenseRecord.find(writer.db, reference, trip: trip)
            return (old, try writer.editExpense(try edit(old), old: old))
        }
    }

    /// Finds the expense `reference` names and deletes it, in one write; returns it.
    public func deleteExpense(matching reference: String, trip: TripID, at: Timestamp) async throws -> Expense {
        try write(trip, at: at) { writer in
            let expense = try ExpenseRecord.find(writer.db, reference, trip: trip)
            try writer.deleteExpense(expense)
            return expense
        }
    }

    public func deleteExpense(_ id: ExpenseID, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in
            try writer.apply(.deleteExpense(id))
        }
    }

    /// Finds the expense `reference` names and sets the paid mark `decide` picks from it, in one
    /// write (a nil mark: nothing to change). Returns the expense as found, what `decide` found
    /// in it (the share, for the caller to show), and whether a mark changed.
    public func markSharePaid<Found>(matching reference: String, trip: TripID, at: Timestamp,
                                     _ decide: (Expense) throws -> (found: Found, mark: (member: MemberID, paid: Bool)?))
        async throws -> (expense: Expense, found: Found, changed: Bool) {
        try write(trip, at: at) { writer in
            let expense = try ExpenseRecord.find(writer.db, reference, trip: trip)
            let (found, mark) = try decide(expense)
            guard let (member, paid) = mark else { return (expense, found, false) }
            try writer.apply(.setSharePaid(expense: expense.id, member: member, paid: paid))
            return (expense, found, true)
        }
    }

    public func setSharePaid(expense id: ExpenseID, member: MemberID, paid: Bool, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in
            try writer.apply(.setSharePaid(expense: id, member: member, paid: paid))
        }
    }
}
