import GRDB
import SplitCore

/// What shell completion offers from one split file: trip names, and a trip's members,
/// expenses and payments, each read as `completion…`.
///
/// The file is opened read-only (``SplitDatabase/init(readingOnly:)``): completion runs on
/// every TAB, must never change or create a file, and must answer at once. The reads are
/// synchronous because ArgumentParser calls its completion callbacks synchronously. A trip
/// is found as every command finds it (by name, id or prefix, else the current one), so
/// completion offers exactly what the command would then accept.
extension LocalBackend {
    /// The entry over the file at `path`, opened read-only, for completion's reads.
    public static func completing(path: String) throws -> LocalBackend {
        LocalBackend(database: try SplitDatabase(readingOnly: path))
    }

    /// Every trip's name, in name order.
    public func completionTripNames() throws -> [String] {
        try database.read { db in
            try TripRecord.order(TripRecord.Columns.nameKey).select(TripRecord.Columns.name, as: String.self).fetchAll(db)
        }
    }

    /// The live members of the trip `reference` names, else of the current trip, in name
    /// order; none when there is no such trip.
    public func completionMembers(trip reference: String?) throws -> [Member] {
        try completionRead(trip: reference) { db, trip in try MemberRecord.members(db, trip: trip) } ?? []
    }

    /// The categories of the trip `reference` names, else of the current trip; the six
    /// defaults when there is no such trip.
    public func completionCategories(trip reference: String?) throws -> [Category] {
        try completionRead(trip: reference) { db, trip in try CategoryRecord.categories(db, trip: trip).categories }
            ?? Category.defaults
    }

    /// The trip's live expenses, newest first: each id with its description.
    public func completionExpenses(trip reference: String?) throws -> [(id: ExpenseID, description: String)] {
        try completionRead(trip: reference) { db, trip in
            var found: [(id: ExpenseID, description: String)] = []
            let rows = try Row.fetchCursor(db, ExpenseRecord.descriptions(trip))
            while let row = try rows.next() {
                let stored = StoredRow(row, table: ExpenseRecord.databaseTableName)
                found.append((ExpenseID(try stored.text(ExpenseRecord.Columns.id)),
                              try stored.text(ExpenseRecord.Columns.description)))
            }
            return found
        } ?? []
    }

    /// The trip's live payments, newest first, with its members (removed ones too) to name
    /// who paid whom.
    public func completionPayments(trip reference: String?) throws -> (payments: [Payment], members: [Member]) {
        try completionRead(trip: reference) { db, trip in
            let names = try MemberRecord.names(db, trip: trip, includingRemoved: true)
            return (try PaymentRecord.payments(db, trip: trip), names.map { Member(id: $0.key, name: $0.value) })
        } ?? ([], [])
    }

    /// `body` on the trip `reference` names, else the current one, in one read; nil when
    /// there is no current trip.
    private func completionRead<T>(trip reference: String?, _ body: (Database, TripID) throws -> T) throws -> T? {
        try database.read { db in
            let trip = try reference.map { try LocalBackend.findTrip(db, $0) } ?? LocalBackend.currentTrip(db)
            return try trip.map { try body(db, $0.id) }
        }
    }
}
