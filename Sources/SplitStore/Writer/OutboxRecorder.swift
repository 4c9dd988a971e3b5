import GRDB
import SplitCore

/// Appends an outbox operation for a write to a linked trip, inside the write's transaction.
///
/// The base of the change (its `ifMatch` revision and the version a later merge compares
/// against) is the server's version of the item. While an item has no pending operation its
/// local row *is* the server's version, so that row, read before the write, is the base. While
/// it has some, the base stays the first pending operation's: the server checks a chain of
/// changes against the revision it had before the chain.
struct OutboxRecorder {
    let db: Database
    let trip: TripID
    let syncProtocol: TripLink.SyncProtocol
    /// Where operation ids come from: the backend's generator.
    let ids: IDGenerator

    /// The recorder of `trip` when it is linked, else nil: the link as `backend` read it
    /// (``LinkCache``), so a command that read its scope reads nothing more here.
    static func open(_ run: StoreRun, _ db: Database, _ trip: TripID) throws -> OutboxRecorder? {
        guard let link = try run.link(db, trip) else { return nil }
        return OutboxRecorder(db: db, trip: trip, syncProtocol: link.syncProtocol, ids: run.ids)
    }

    /// Records `operation`. `before` is the item's local version before the write (nil for a
    /// new item).
    func append(_ operation: SyncOperation, before: SyncValue?, at: Timestamp) throws {
        if syncProtocol == .snapshot {
            guard try NodeRules.check(operation) else { return }
        }
        let arguments: StatementArguments = ["trip": trip.rawValue, "item": operation.item.text]
        var baseRevision: Int64?
        var base: String?
        if let first = try Row.fetchOne(db, sql: OutboxRecord.firstBase, arguments: arguments) {
            let stored = OutboxRecord.stored(first)
            baseRevision = try stored.optionalInteger(OutboxRecord.Columns.baseRevision)
            base = try stored.optionalText(OutboxRecord.Columns.base)
        } else if let remote = try RemoteItemRecord.fetchOne(db, sql: RemoteItemRecord.ofItem, arguments: arguments) {
            baseRevision = remote.revision
            base = remote.deleted ? nil : before.map(SyncJSON.encode)
        } else if case .rate = operation.item {
            // A rate this device never saw on the server: 0 asks the server to refuse it if
            // another device set one meanwhile, so the two rates meet as a conflict.
            baseRevision = 0
        }
        try insert(operation, baseRevision: baseRevision, base: base, at: at)
    }

    /// Queues `operation` again under a new id with a given base (a change the server
    /// refused only because of an id this device has since replaced).
    func requeue(_ operation: SyncOperation, baseRevision: Int64?, base: SyncValue?, at: Timestamp) throws {
        try insert(operation, baseRevision: baseRevision, base: base.map(SyncJSON.encode), at: at)
    }

    private func insert(_ operation: SyncOperation, baseRevision: Int64?, base: String?, at: Timestamp) throws {
        try OutboxRecord.insert(db, trip: trip, opID: ids(), item: operation.item.text, operation: SyncJSON.encode(operation),
                                baseRevision: baseRevision, base: base, at: at)
    }

    /// Queues a create for every live item of the trip that neither the server has nor the
    /// outbox holds: what a bulk write such as an import into the trip added.
    func queueUnsent(at: Timestamp) throws {
        let known = Set(try String.fetchAll(db, sql: OutboxRecord.knownItems, arguments: ["trip": trip.rawValue]))
        var operations: [SyncOperation] = []
        for member in try MemberRecord.members(db, trip: trip) where !known.contains(SyncItemKey.member(member.id).text) {
            operations.append(.createMember(member))
        }
        try ExpenseListing.stream(db, trip: trip) {
            if !known.contains(SyncItemKey.expense($0.id).text) { operations.append(.createExpense($0)) }
        }
        for payment in try PaymentRecord.payments(db, trip: trip) where !known.contains(SyncItemKey.payment(payment.id).text) {
            operations.append(.createPayment(payment))
        }
        for (code, rate) in try TripRateRecord.rates(db, trip: trip) where !known.contains(SyncItemKey.rate(code).text) {
            operations.append(.setRate(currency: try Currency(code: code), rate: rate))
        }
        for step in ExchangeStep.steps(try ExchangeRecord.exchanges(db, trip: trip))
        where !known.contains(SyncItemKey.exchanges(step.id).text) {
            operations.append(.recordExchanges(step))
        }
        for operation in operations {
            try append(operation, before: nil, at: at)
        }
    }
}
