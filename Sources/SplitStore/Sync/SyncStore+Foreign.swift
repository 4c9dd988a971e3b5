import GRDB
import SplitCore

extension SyncStore {
    /// Held and repaired items, of one trip or of all, held first, then by item.
    public func foreignItems(trip: TripID? = nil) throws -> [ForeignItem] {
        try database.read { db in try Self.foreignItems(db, trip: trip) }
    }

    /// How many server items of `trip` are held: balances and settle say they leave them out.
    public func heldCount(_ trip: TripID) throws -> Int {
        try database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM foreign_item WHERE trip_id = ? AND state = 'held'",
                             arguments: [trip.rawValue]) ?? 0
        }
    }

    /// The body each held item of `trip` was held with: a snapshot pull compares the server's
    /// version with it to see whether someone changed (perhaps fixed) the item.
    public func heldBodies(_ trip: TripID) throws -> [SyncItemKey: String] {
        try database.read { db in
            var bodies: [SyncItemKey: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT item, body FROM foreign_item WHERE trip_id = ? AND state = 'held'",
                                        arguments: [trip.rawValue]) {
                if let key = SyncItemKey(text: row[0]), let body = row[1] as String? { bodies[key] = body }
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
            let matches = try Self.foreignItems(db, trip: trip).filter {
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
            let writer = try TripWriter(backend, db, trip: trip, at: at, origin: .merge)
            try writer.put(key, .expense(expense))
            if let recorder = try SyncRecorder.open(db, trip) {
                try recorder.append(.updateExpense(expense), before: nil, at: at)
                try backend.noteQueued(db, trip: trip)
            }
            try foreign.clear(key)
            try ActivityLog.append(db, trip: trip, at: at, action: "expense.fix",
                            summary: "fixed held expense '\(expense.description)'", undo: .none)
        }
    }

    static func foreignItems(_ db: Database, trip: TripID?) throws -> [ForeignItem] {
        let filter = trip == nil ? "" : " WHERE trip_id = ?"
        return try Row.fetchAll(db, sql: """
            SELECT trip_id, item, state, revision, body, draft, reason, noted_at FROM foreign_item\(filter)
            ORDER BY trip_id, state = 'repaired', item
            """, arguments: trip.map { [$0.rawValue] } ?? []).map { row in
            let stored = StoredRow(row, table: "foreign_item", idColumn: Column("trip_id"))
            guard let item = SyncItemKey(text: try stored.text(Column("item"))) else {
                throw stored.unreadable(Column("item"), expected: "an item key such as expense:<id>")
            }
            guard let state = ForeignItem.State(rawValue: try stored.text(Column("state"))) else {
                throw stored.unreadable(Column("state"), expected: "held or repaired")
            }
            return ForeignItem(
                trip: TripID(try stored.text(Column("trip_id"))), item: item, state: state,
                revision: try stored.integer(Column("revision")), body: try stored.optionalText(Column("body")),
                draft: try (try stored.optionalText(Column("draft"))).map(SyncJSON.value), reason: try stored.text(Column("reason")),
                notedAt: try stored.timestamp(Column("noted_at")))
        }
    }
}
