import SplitCore

/// Everything one trip holds, read from a backend in one place for the exporters.
struct TripSnapshot: Sendable {
    let trip: Trip
    let members: [Member]
    let rates: [(code: String, rate: ExchangeRate)]
    /// Oldest expense date first; ties by creation time, then description, then amount, so
    /// the order never depends on ids (an export, import and export again gives the same bytes).
    let expenses: [Expense]
    let payments: [Payment]
    let directory: MemberDirectory

    static func load(_ trip: Trip, from backend: any SplitBackend) async throws -> TripSnapshot {
        let members = try await backend.members(trip: trip.id)
        let directory = MemberDirectory(members)
        let rates = try await backend.rates(trip: trip.id).map { (code: $0.key, rate: $0.value) }.sorted { $0.code < $1.code }
        let expenses = try await backend.expenses(trip: trip.id, filter: .all).sorted { lhs, rhs in
            if lhs.date != rhs.date { return lhs.date < rhs.date }
            let (l, r) = (lhs.createdAt?.millisecondsSince1970 ?? 0, rhs.createdAt?.millisecondsSince1970 ?? 0)
            if l != r { return l < r }
            if lhs.description != rhs.description { return lhs.description < rhs.description }
            return lhs.amount.minorUnits < rhs.amount.minorUnits
        }
        let payments = try await backend.payments(trip: trip.id).sorted { lhs, rhs in
            lhs.date != rhs.date ? lhs.date < rhs.date : lhs.amount.minorUnits < rhs.amount.minorUnits
        }
        return TripSnapshot(trip: trip, members: directory.sortedByName(members.map(\.id)).compactMap(directory.member(id:)),
                            rates: rates, expenses: expenses, payments: payments, directory: directory)
    }
}
