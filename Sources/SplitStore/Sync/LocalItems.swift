import GRDB
import SplitCore

/// Reads one synced item of a trip as a whole value: what a pull, a merge, a resolution and
/// an outbox base compare. Writing an item is ``TripWriter/put(_:_:createdAt:)``'s.
struct LocalItems {
    let backend: LocalBackend
    let db: Database
    let trip: TripID

    /// The item as the trip holds it now; nil when it does not exist or was deleted.
    func read(_ key: SyncItemKey) throws -> SyncValue? {
        switch key {
        case .group:
            guard let row = try Row.fetchOne(db, sql: "SELECT id, name, currency FROM trip WHERE id = ?",
                                             arguments: [trip.rawValue]) else { return nil }
            let found = try TripRecord(row: row).trip
            return .group(name: found.name, currency: found.currency)
        case .member(let id):
            guard let name = try String.fetchOne(
                db, sql: "SELECT name FROM member WHERE id = ? AND trip_id = ? AND removed_at IS NULL",
                arguments: [id.rawValue, trip.rawValue]) else { return nil }
            return .member(Member(id: id, name: name))
        case .expense(let id):
            return try backend.storedExpense(db, id, trip: trip, includeDeleted: false).map { .expense($0) }
        case .payment(let id):
            return try backend.payments(db, trip: trip, id: id).map { .payment($0) }
        case .rate(let code):
            guard let text = try String.fetchOne(db, sql: "SELECT rate FROM trip_rate WHERE trip_id = ? AND currency = ?",
                                                 arguments: [trip.rawValue, code]) else { return nil }
            return .rate(currency: try Currency(code: code), rate: try ExchangeRate(parsing: text))
        }
    }
}
