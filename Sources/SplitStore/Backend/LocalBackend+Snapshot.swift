import GRDB
import SplitCore

extension LocalBackend {
    /// The whole trip, read in one read transaction (see ``TripSnapshot``).
    public func snapshot(trip: Trip) async throws -> TripSnapshot {
        try database.read { db in
            try requireTrip(db, trip.id)
            var expenses: [Expense] = []
            try streamExpenses(db, trip: trip.id) { expenses.append($0) }
            try keepSplitRules(db, trip: trip.id, in: &expenses)
            return TripSnapshot(trip: trip, members: try members(db, trip: trip.id), rates: try rates(db, trip: trip.id),
                                expenses: expenses, payments: try payments(db, trip: trip.id))
        }
    }

    /// `expenses` (a few hundred at most) with the splits as given they keep, whether or not
    /// they still match: one query by id, since a listing leaves them out.
    func withSplitRules(_ db: Database, _ expenses: [Expense]) throws -> [Expense] {
        guard !expenses.isEmpty else { return expenses }
        var index: [String: Int] = [:]
        for (position, expense) in expenses.enumerated() { index[expense.id.rawValue] = position }
        var result = expenses
        for row in try ExpenseRecord.splitGiven(of: expenses.map(\.id)).fetchAll(db) {
            guard let id = String.fromDatabaseValue(row[ExpenseRecord.Columns.id] as DatabaseValue), let position = index[id],
                  let text = String.fromDatabaseValue(row[ExpenseRecord.Columns.splitGiven] as DatabaseValue) else { continue }
            result[position].splitGiven = SplitRuleText.rule(text)
        }
        return result
    }

    /// Gives each expense its split as given where that is kept and still gives its shares,
    /// in one query: the listing leaves it out, to stay within its index.
    func keepSplitRules(_ db: Database, trip: TripID, in expenses: inout [Expense]) throws {
        var index: [ExpenseID: Int] = [:]
        for (position, expense) in expenses.enumerated() { index[expense.id] = position }
        for row in try ExpenseRecord.keptSplitRules(trip: trip).fetchAll(db) {
            // A hint, never the truth: a cell that is not text reads as no rule, like NULL.
            guard let id = String.fromDatabaseValue(row[ExpenseRecord.Columns.id] as DatabaseValue).map(ExpenseID.init),
                  let text = String.fromDatabaseValue(row[ExpenseRecord.Columns.splitGiven] as DatabaseValue),
                  let position = index[id], let rule = SplitRuleText.rule(text),
                  rule.reproduces(expenses[position].splits, amount: expenses[position].amount) else { continue }
            expenses[position].splitGiven = rule
        }
    }
}
