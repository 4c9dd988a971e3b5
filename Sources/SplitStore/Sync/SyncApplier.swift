import GRDB
import SplitCore

/// Applies one sync's results inside the caller's transaction: it loads what the decisions
/// need and carries out what ``SyncPlanner`` (SplitCore, pure) decides, in three steps:
///
/// 1. The answers to pushed operations. An applied one leaves the outbox. A conflicting or
///    refused one leaves it too, and its item is noted with the local version (read before
///    anything changes) and the base stored with its first operation.
/// 2. The pulled changes. Each item newer than the revision held is stored and, unless local
///    changes to it still wait, written to the trip; a waiting item keeps the local version
///    and the server's is kept in `remote_item.body`. An item older than what another sync
///    already stored is skipped, so two syncs racing never move an item backwards.
/// 3. The noted items. Both versions merge field by field (``SyncMerge``): the trip gets the
///    merged version, each field changed differently on both sides becomes a conflict (the
///    trip showing the server's value), and when the merged version differs from the
///    server's, one operation sends it again on the new base.
final class SyncApplier {
    let run: StoreRun
    let db: Database
    let trip: TripID
    let at: Timestamp
    /// The trip's outbox (it is linked: the caller checked).
    private var recorder: OutboxRecorder?
    /// A snapshot link (the Node server) compares each pull with the last one: it keeps the
    /// server's version of every item, not only of those with changes waiting.
    private var keepsBodies: Bool { recorder?.syncProtocol == .snapshot }

    /// What the server holds, when the caller knows (nil: as the link's protocol says).
    private var server: ServerLimits?

    init(run: StoreRun, db: Database, trip: TripID, at: Timestamp, server: ServerLimits? = nil) {
        self.run = run
        self.db = db
        self.trip = trip
        self.at = at
        self.server = server
    }

    /// `fresh`: the trip was created in this transaction (a first pull), so it holds no
    /// server revisions, no waiting operations and no rows yet, and every lookup is skipped.
    func run(pushed: [PendingOperation], outcomes: [OperationOutcome], changes: RemoteChanges,
             rekeys: [(SyncItemKey, SyncItemKey)] = [], fresh: Bool = false) throws -> SyncTally {
        // Pages of one catch-up may name an item twice, or name a member a later page adds.
        let changes = changes.collapsed()
        recorder = try OutboxRecorder.open(run, db, trip)
        if server == nil { server = LocalItems.server(of: recorder?.syncProtocol) }
        let items = LocalItems(db: db, trip: trip, server: server)
        let writer = try TripWriter(run, db, trip: trip, at: at, origin: .pulled, server: server)
        let foreign = ForeignItems(db: db, trip: trip, at: at)
        var tally = SyncTally()
        var troubles: [String: SyncTrouble] = [:]
        var order: [String] = []
        let byID = Dictionary(pushed.map { ($0.opID, $0) }, uniquingKeysWith: { first, _ in first })
        var remaps: [String: String] = [:]
        // Items this device's own applied operations changed: their echo in the pull is not
        // news to anyone here, so it is not counted as pulled.
        var echoed = Set<String>()

        for outcome in outcomes {
            guard let operation = byID[outcome.opID] else { continue }
            // Another sync may have handled it meanwhile: only what is still waiting counts.
            try db.execute(sql: OutboxRecord.answeredSQL, arguments: ["op": outcome.opID, "trip": trip.rawValue])
            guard db.changesCount > 0 else { continue }
            guard outcome.status != .applied else {
                tally.applied += 1
                echoed.insert(operation.operation.item.text)
                continue
            }
            // Two devices each added the same person: the local member becomes the server's.
            if outcome.status == .rejected, case .createMember(let mine) = operation.operation,
               let current = outcome.current, case .member(let theirs)? = current.value, theirs.id != mine.id {
                try LocalRekey(run: run, db: db, trip: trip, at: at).mergeMember(mine.id, into: theirs)
                try remember(current, body: nil)
                remaps[mine.id.rawValue] = theirs.id.rawValue
                continue
            }
            // An operation refused because it named such a member goes again with the right one.
            if !remaps.isEmpty, let rewritten = try LocalRekey.rewrite(operation.operation, remaps) {
                try recorder?.requeue(rewritten, baseRevision: operation.baseRevision, base: operation.base, at: at)
                continue
            }
            let key = operation.operation.item
            if troubles[key.text] == nil {
                order.append(key.text)
                troubles[key.text] = SyncTrouble(
                    operation: operation.operation, base: operation.base, mine: try items.read(key),
                    known: try knownServerVersion(key, base: operation.base, baseRevision: operation.baseRevision))
            }
            troubles[key.text]?.operation = operation.operation
            if let current = outcome.current { troubles[key.text]?.current = try foreign.checked(current) }
            if outcome.status == .rejected {
                troubles[key.text]?.rejection = outcome.error ?? "the server refused it"
            }
        }

        for (old, new) in rekeys {
            try LocalRekey(run: run, db: db, trip: trip, at: at).rekey(old, to: new)
            echoed.insert(new.text)
        }

        if fresh {
            // A big first pull adds balance totals once at the end, as a big import does.
            let bulk = changes.items.count >= BulkTotals.threshold ? try BulkTotals.suspend(db) : nil
            defer { bulk?.restoreCacheSize(db) }
            for raw in changes.items {
                let item = try foreign.checked(raw)
                try remember(item, body: nil)
                if item.held != nil || !item.repairs.isEmpty { try foreign.note(item) }
                if item.held != nil {
                    tally.held += 1
                    continue
                }
                try writer.create(item.key, item.value, createdAt: item.createdAt)
                switch item.value {
                case .expense(let expense)?: bulk?.add(expense, trip: trip)
                case .payment(let payment)?: bulk?.addPayment(from: payment.from, to: payment.to, amount: payment.amount, trip: trip)
                default: break
                }
                tally.pulled += 1
            }
            try bulk?.resume(db)
            try finish(changes, &tally, fresh: true)
            return tally
        }

        for raw in changes.items {
            let key = raw.key.text
            let heldRevision = try remoteItem(key)?.revision
            if SyncPlanner.isStale(raw, heldRevision: heldRevision) { continue }
            let item = try foreign.checked(raw)
            if troubles[key] != nil {
                troubles[key]?.current = item
                continue
            }
            let waiting = try waiting(key)
            // The echo of this device's own change is usually what the trip holds already:
            // compared first, it costs a read instead of rewriting the rows.
            let local = waiting || item.value == nil ? nil : try items.read(item.key)
            let decision = SyncPlanner.pulled(item, heldRevision: heldRevision, waiting: waiting, local: local)
            if case .skip = decision { continue }
            try remember(item, body: decision == .keepLocal ? item.value : nil)
            try foreign.note(item)
            switch decision {
            case .skip, .keepLocal:
                continue
            case .hold:
                // Out of the trip (and its balances) until someone fixes it; the row, if the
                // trip had one, is soft-deleted, so nothing is lost.
                try writer.put(item.key, nil)
                tally.held += 1
                continue
            case .echo:
                if let createdAt = item.createdAt { try writer.setCreatedAt(item.key, createdAt) }
            case .write(let value):
                try writer.put(item.key, value, createdAt: item.createdAt)
            }
            if !echoed.contains(key) { tally.pulled += 1 }
        }

        for key in order {
            guard let trouble = troubles[key] else { continue }
            tally.conflicts += try settle(trouble, foreign: foreign)
        }

        try finish(changes, &tally)
        return tally
    }

    /// Stores the revision the trip now holds, and counts what still waits in its outbox.
    /// Throws when the trip is no longer linked (another process unlinked it since the sync
    /// read the link): the caller's transaction then rolls everything back.
    /// A fresh trip has no outbox to count.
    private func finish(_ changes: RemoteChanges, _ tally: inout SyncTally, fresh: Bool = false) throws {
        try MemberClaimRecord.store(db, trip: trip, changes.claims)
        try storeDepartures(changes.departures)
        guard let revision = try Int64.fetchOne(db, sql: TripLinkRecord.advanceSQL, arguments: [
            "revision": changes.revision, "at": at.iso8601, "trip": trip.rawValue,
        ]) else {
            throw StoreError.notFound("trip \(trip.short) is no longer linked; nothing was changed")
        }
        tally.revision = revision
        tally.pending = fresh ? 0 : try OutboxRecord.count(db, trip)
    }

    /// The server's departure days, except for a member whose local changes still wait (their
    /// own departure among them): those go to the server first.
    private func storeDepartures(_ departures: [MemberID: CivilDate?]) throws {
        for (member, date) in departures.sorted(by: { $0.key < $1.key }) where try !waiting(SyncItemKey.member(member).text) {
            try db.execute(sql: MemberRecord.setDepartureSQL,
                           arguments: ["day": date?.description, "id": member.rawValue, "trip": trip.rawValue])
        }
    }

    /// Whether local changes to the item still wait in the outbox.
    private func waiting(_ key: String) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: OutboxRecord.itemWaits), arguments: ["trip": trip.rawValue, "item": key])
            == true
    }

    /// The server revision held for item `key`, and what is kept of it.
    private func remoteItem(_ key: String) throws -> RemoteItemRecord? {
        try RemoteItemRecord.fetchOne(db.cachedStatement(sql: RemoteItemRecord.ofItem),
                                      arguments: ["trip": trip.rawValue, "item": key])
    }

    /// Stores the item's server revision, and its server version when the trip keeps another
    /// (or keeps them all).
    /// A held item is not deleted, yet has no value to keep: its server body is in
    /// `foreign_item`.
    private func remember(_ item: RemoteItem, body: SyncValue?) throws {
        let body = keepsBodies ? item.value : body
        let insert = try RowInserter(db, sql: RemoteItemRecord.upsertSQL)
        let deleted = item.value == nil && item.held == nil
        try insert.run([.text(trip.rawValue), .text(item.key.text), .int(item.revision), .int(deleted ? 1 : 0),
                        body.map { .text(SyncJSON.encode($0)) } ?? .null])
    }

    /// The server's version of an item as this device knows it: the one kept while local
    /// changes waited, else the base of those changes.
    private func knownServerVersion(_ key: SyncItemKey, base: SyncValue?, baseRevision: Int64?) throws -> SyncValue? {
        if let held = try remoteItem(key.text) {
            if held.deleted { return nil }
            if let body = held.body { return try SyncJSON.value(body) }
        }
        return baseRevision == nil ? nil : base
    }

    /// Carries out the planner's settlement of one troubled item; returns how many conflicts
    /// it recorded.
    private func settle(_ trouble: SyncTrouble, foreign: ForeignItems) throws -> Int {
        let key = trouble.operation.item
        if let current = trouble.current {
            try remember(current, body: nil)
            try foreign.note(current)
        }
        let plan = SyncPlanner.settle(trouble)
        try TripWriter(run, db, trip: trip, at: at, origin: .merge, server: server)
            .put(key, plan.write, createdAt: plan.holds ? nil : trouble.current?.createdAt)
        for conflict in plan.conflicts {
            try record(key, field: conflict.field, mine: conflict.mine, theirs: conflict.theirs, detail: conflict.detail)
        }
        if let operation = plan.resend {
            let theirs = trouble.current.map(\.value) ?? trouble.known
            try recorder?.append(operation, before: theirs, at: at)
            if let current = trouble.current { try remember(current, body: theirs) }
        }
        return plan.conflicts.count
    }

    private func record(_ key: SyncItemKey, field: String, mine: SyncValue?, theirs: SyncValue?, detail: String?) throws {
        try SyncConflictRecord.insert(db, trip: trip, item: key.text, field: field, mine: mine.map(SyncJSON.encode),
                                      theirs: theirs.map(SyncJSON.encode), detail: detail, at: at)
    }
}
