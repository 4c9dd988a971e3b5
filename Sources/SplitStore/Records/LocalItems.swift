import GRDB
import SplitCore

/// Reads one synced item of a trip as a whole value: what a pull, a merge, a resolution and
/// an outbox base compare. Writing an item is ``TripWriter/put(_:_:createdAt:)``'s.
struct LocalItems {
    let db: Database
    let trip: TripID
    /// What the trip's server holds, when reads are compared with its versions: they leave out
    /// what it cannot hold (on the Node server, the split as given, which stays on its
    /// device). nil reads the rows whole (a rekey moves them).
    var server: ServerLimits? = nil

    /// What a trip linked by `syncProtocol` is known to hold without asking its server: the
    /// Node server's limits for a snapshot link; nil (everything) for split-server's feed.
    static func server(of syncProtocol: TripLink.SyncProtocol?) -> ServerLimits? {
        syncProtocol == .snapshot ? .node : nil
    }

    /// The item as the trip holds it now; nil when it does not exist or was deleted.
    func read(_ key: SyncItemKey) throws -> SyncValue? {
        guard let server else { return try readWhole(key) }
        return try readWhole(key).map(server.held)
    }

    private func readWhole(_ key: SyncItemKey) throws -> SyncValue? {
        switch key {
        case .group:
            guard let found = try TripRecord.fetchOne(db, sql: TripRecord.byID, arguments: ["id": trip.rawValue]) else {
                return nil
            }
            return .group(name: found.trip.name, currency: found.trip.currency)
        case .member(let id):
            let arguments: StatementArguments = ["id": id.rawValue, "trip": trip.rawValue]
            return try MemberRecord.fetchOne(db, sql: MemberRecord.liveByID, arguments: arguments).map { .member($0.member) }
        case .expense(let id):
            return try ExpenseListing.expense(db, id, trip: trip, includeDeleted: false).map { .expense($0) }
        case .payment(let id):
            return try PaymentRecord.payment(db, id, trip: trip).map { .payment($0) }
        case .rate(let code):
            guard let found = try TripRateRecord.fetchOne(
                db, sql: TripRateRecord.byCurrency, arguments: ["trip": trip.rawValue, "currency": code]) else { return nil }
            return .rate(currency: try Currency(code: code), rate: found.rate)
        case .categories:
            return .categories(try CategoryRecord.categories(db, trip: trip).categories)
        case .recurring(let id):
            return try RecurringRuleRecord.live(trip).filter(RecurringRuleRecord.Columns.id == id.rawValue).fetchOne(db)
                .map { .recurring($0.rule.shared) }
        case .exchanges(let step):
            let exchanges = try ExchangeRecord.ofStep(step, trip: trip).fetchAll(db).map(\.exchange)
            return exchanges.isEmpty ? nil : .exchanges(ExchangeStep(id: step, exchanges: exchanges))
        }
    }
}
