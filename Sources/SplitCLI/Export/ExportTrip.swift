import SplitCore

/// One trip as the exporters write it: a ``TripSnapshot`` in an order that never depends on ids,
/// so export, import and export again give the same bytes.
struct ExportTrip: Sendable {
    let trip: Trip
    /// In name order.
    let members: [Member]
    /// By currency code.
    let rates: [(code: String, rate: ExchangeRate)]
    /// Oldest expense date first; ties by creation time, then description, then amount.
    let expenses: [Expense]
    /// Oldest first; ties by amount.
    let payments: [Payment]
    /// Oldest first; ties by member name, then currency, then amount.
    let exchanges: [CurrencyExchange]
    let directory: MemberDirectory
    /// The trip's categories in listing order.
    let categories: [Category]

    init(_ snapshot: TripSnapshot) {
        let directory = MemberDirectory(snapshot.members, departures: snapshot.departures)
        categories = snapshot.categories.categories
        trip = snapshot.trip
        members = directory.sortedByName(snapshot.members.map(\.id)).compactMap(directory.member(id:))
        rates = snapshot.rates.map { (code: $0.key, rate: $0.value) }.sorted { $0.code < $1.code }
        expenses = snapshot.expenses.sorted { lhs, rhs in
            if lhs.date != rhs.date { return lhs.date < rhs.date }
            let (l, r) = (lhs.createdAt?.millisecondsSince1970 ?? 0, rhs.createdAt?.millisecondsSince1970 ?? 0)
            if l != r { return l < r }
            if lhs.description != rhs.description { return lhs.description < rhs.description }
            return lhs.amount.minorUnits < rhs.amount.minorUnits
        }
        payments = snapshot.payments.sorted { lhs, rhs in
            lhs.date != rhs.date ? lhs.date < rhs.date : lhs.amount.minorUnits < rhs.amount.minorUnits
        }
        exchanges = snapshot.exchanges.sorted { lhs, rhs in
            if lhs.date != rhs.date { return lhs.date < rhs.date }
            let (l, r) = (directory.name(of: lhs.member), directory.name(of: rhs.member))
            if l != r { return l < r }
            if lhs.from.currency != rhs.from.currency { return lhs.from.currency < rhs.from.currency }
            return lhs.from.minorUnits < rhs.from.minorUnits
        }
        self.directory = directory
    }
}
