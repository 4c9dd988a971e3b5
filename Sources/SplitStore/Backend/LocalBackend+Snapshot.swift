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
                                expenses: expenses, payments: try payments(db, trip: trip.id))
        }
    }
}
