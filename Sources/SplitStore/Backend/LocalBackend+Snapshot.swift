import GRDB
import SplitCore

extension LocalBackend {
    /// The whole trip, read in one read transaction (see ``TripSnapshot``).
    public func snapshot(trip: Trip) async throws -> TripSnapshot {
        try database.read { db in
            try TripRecord.require(db, trip.id)
            var expenses: [Expense] = []
            try ExpenseListing.stream(db, trip: trip.id) { expenses.append($0) }
            try keepSplitRules(db, trip: trip.id, in: &expenses)
            return TripSnapshot(trip: trip, members: try MemberRecord.members(db, trip: trip.id),
                                rates: try TripRateRecord.rates(db, trip: trip.id), expenses: expenses,
                                payments: try PaymentRecord.payments(db, trip: trip.id),
                                categories: try CategoryRecord.categories(db, trip: trip.id),
                                departures: try MemberRecord.departures(db, trip: trip.id),
                                exchanges: try ExchangeRecord.exchanges(db, trip: trip.id))
        }
    }

    /// `expenses` (a few hundred at most) with the splits as given they keep, whether or not
    /// they still match: one query by id, since a listing leaves them out.
    func withSplitRules(_ db: Database, _ expenses: [Expense]) throws -> [Expense] {
        guard !expenses.isEmpty else { return expenses }
        var result = expenses
        try fillSplitRules(db, ExpenseRecord.splitGiven(of: expenses.map(\.id)), in: &result) { _, _ in true }
        return result
    }

    /// Gives each expense its split as given where that is kept and still gives its shares,
    /// in one query: the listing leaves it out, to stay within its index.
    func keepSplitRules(_ db: Database, trip: TripID, in expenses: inout [Expense]) throws {
        try fillSplitRules(db, ExpenseRecord.keptSplitRules(trip: trip), in: &expenses) { expense, rule in
            rule.reproduces(expense.splits, amount: expense.amount)
        }
    }

    /// Sets the split as given of each of `expenses` that a row of `request` (`id`,
    /// `split_given`) names, where `keep` takes it. A hint, never the truth: a cell that is not
    /// text, or text this version cannot read, is no rule, like NULL.
    private func fillSplitRules(_ db: Database, _ request: QueryInterfaceRequest<Row>, in expenses: inout [Expense],
                                keep: (Expense, SplitRule) -> Bool) throws {
        var index: [String: Int] = [:]
        for (position, expense) in expenses.enumerated() { index[expense.id.rawValue] = position }
        for row in try request.fetchAll(db) {
            guard let id = String.fromDatabaseValue(row[ExpenseRecord.Columns.id] as DatabaseValue), let position = index[id],
                  let text = String.fromDatabaseValue(row[ExpenseRecord.Columns.splitGiven] as DatabaseValue),
                  let rule = SplitRuleText.rule(text), keep(expenses[position], rule) else { continue }
            expenses[position].splitGiven = rule
        }
    }
}
