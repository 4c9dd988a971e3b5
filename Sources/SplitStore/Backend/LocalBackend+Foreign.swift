import GRDB
import SplitCore

extension LocalBackend {
    /// Held and repaired items, of one trip or of all, held first, then by item.
    public func foreignItems(trip: TripID? = nil) throws -> [ForeignItem] {
        try database.read { db in try ForeignItemRecord.items(db, trip: trip) }
    }

    /// How many server items of `trip` are held: balances and settle say they leave them out.
    public func heldCount(_ trip: TripID) throws -> Int {
        try database.read { db in
            try Int.fetchOne(db, sql: ForeignItemRecord.heldCount, arguments: ["trip": trip.rawValue]) ?? 0
        }
    }

    /// The body each held item of `trip` was held with: a snapshot pull compares the server's
    /// version with it to see whether someone changed (perhaps fixed) the item.
    public func heldBodies(_ trip: TripID) throws -> [SyncItemKey: String] {
        try database.read { db in
            typealias Columns = ForeignItemRecord.Columns
            var bodies: [SyncItemKey: String] = [:]
            for row in try Row.fetchAll(db, sql: ForeignItemRecord.heldBodies, arguments: ["trip": trip.rawValue]) {
                let stored = ForeignItemRecord.stored(row)
                guard let key = SyncItemKey(text: try stored.text(Columns.item)),
                      let body = try stored.optionalText(Columns.body) else { continue }
                bodies[key] = body
            }
            return bodies
        }
    }

    /// The body a server's version is held with, when it is held: the server's own for an
    /// item with no reading, the reading for one that does not fit the trip (a share for a
    /// member of another group). Compared with ``heldBodies(_:)``.
    public static func heldBody(of item: RemoteItem) -> String? {
        if let held = item.held { return held.body }
        return item.value.map(SyncJSON.encode)
    }

    /// The best reading of the held expense of `trip` whose id starts with `reference` (6+
    /// characters): what `split expense edit` fixes. Nil when no held expense matches.
    public func heldExpense(matching reference: String, trip: TripID) throws -> Expense? {
        let key = reference.trimmingSpaces.lowercased()
        guard key.count >= 6 else { return nil }
        return try database.read { db in
            let matches = try ForeignItemRecord.items(db, trip: trip).filter {
                $0.state == .held && $0.item.kindName == "expense" && $0.item.itemID.lowercased().hasPrefix(key)
            }
            guard let item = matches.first else { return nil }
            guard matches.count == 1 else {
                throw ResolutionError.ambiguous(what: "expense id", reference: reference,
                                                matches: matches.map { String($0.item.itemID.prefix(12)) })
            }
            guard case .expense(let draft)? = item.draft else {
                throw StoreError.invalid("expense \(item.item.itemID.prefix(8)) is held (\(item.reason)) and has no reading "
                                         + "to edit from; fix it on the server, then run split sync")
            }
            return draft
        }
    }

    /// Puts `expense`, the fix of a held expense, in the trip and queues it for the server, in
    /// one transaction: the held copy is no longer needed once the fix is on its way.
    public func fixHeldExpense(_ expense: Expense, trip: TripID, at: Timestamp) throws {
        try expense.validate()
        try database.write { db in
            let foreign = ForeignItems(db: db, trip: trip, at: at)
            if let problem = ForeignReading.membershipProblem(expense, isMember: try foreign.memberCheck()) {
                throw StoreError.invalid("\(problem); give the payer and the split again (--paid-by, and --among, "
                                         + "--exact, --percent or --shares)")
            }
            let key = SyncItemKey.expense(expense.id)
            let writer = try TripWriter(run, db, trip: trip, at: at, origin: .merge)
            try writer.put(key, .expense(expense))
            if let recorder = try OutboxRecorder.open(run, db, trip) {
                try recorder.append(.updateExpense(expense), before: nil, at: at)
                try run.noteQueued(db, trip: trip)
            }
            try foreign.clear(key)
            try ActivityLog.append(db, trip: trip, at: at, action: "expense.fix",
                            summary: "fixed held expense '\(expense.description)'", undo: .none)
        }
    }
}
