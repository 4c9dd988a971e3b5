import GRDB
import SplitCore

extension LocalBackend {
    /// The whole trip, read in one read transaction (see ``TripSnapshot``).
    public func snapshot(trip: Trip) async throws -> TripSnapshot {
        try database.read { db in
            try requireTrip(db, trip.id)
            var expenses: [Expense] = []
            try streamExpenses(db, trip: trip.id) { expenses.append($0) }
            return TripSnapshot(trip: trip, members: try members(db, trip: trip.id), rates: try rates(db, trip: trip.id),
                                expenses: expenses, payments: try payments(db, trip: trip.id),
                                splitRules: try keptSplitRules(db, trip: trip.id, expenses: expenses))
        }
    }

    /// The splits as given that still give their expense's shares, in one query.
    func keptSplitRules(_ db: Database, trip: TripID, expenses: [Expense]) throws -> [ExpenseID: SplitRule] {
        let byID = Dictionary(expenses.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var rules: [ExpenseID: SplitRule] = [:]
        for row in try ExpenseRecord.keptSplitRules(trip: trip).fetchAll(db) {
            // A hint, never the truth: a cell that is not text reads as no rule, like NULL.
            guard let id = String.fromDatabaseValue(row[ExpenseRecord.Columns.id] as DatabaseValue).map(ExpenseID.init),
                  let text = String.fromDatabaseValue(row[ExpenseRecord.Columns.splitGiven] as DatabaseValue),
                  let expense = byID[id], let rule = SplitRuleText.rule(text),
                  rule.reproduces(expense.splits, amount: expense.amount) else { continue }
            rules[id] = rule
        }
        return rules
    }
}
