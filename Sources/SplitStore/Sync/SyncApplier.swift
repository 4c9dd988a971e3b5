import GRDB
import SplitCore

/// Applies one sync's results inside the caller's transaction, in three steps:
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
    let backend: LocalBackend
    let db: Database
    let trip: TripID
    let at: Timestamp
    /// The trip's outbox (it is linked: the caller checked).
    private var recorder: SyncRecorder?
    /// A snapshot link (the Node server) compares each pull with the last one: it keeps the
    /// server's version of every item, not only of those with changes waiting.
    private var keepsBodies: Bool { recorder?.syncProtocol == .snapshot }

    init(backend: LocalBackend, db: Database, trip: TripID, at: Timestamp) {
        self.backend = backend
        self.db = db
        self.trip = trip
        self.at = at
    }

    /// An item whose pushed change the server did not take.
    private struct Trouble {
        var operation: SyncOperation
        var base: SyncValue?
        var mine: SyncValue?
        /// The server's version as the answer or the pull gave it.
        var current: RemoteItem?
        /// The server's version known before this sync, for a refusal without `current`.
        var known: SyncValue?
        var rejection: String?
    }

    /// `fresh`: the trip was created in this transaction (a first pull), so it holds no
    /// server revisions, no waiting operations and no rows yet, and every lookup is skipped.
    func run(pushed: [PendingOperation], outcomes: [OperationOutcome], changes: RemoteChanges,
             rekeys: [(SyncItemKey, SyncItemKey)] = [], fresh: Bool = false) throws -> SyncTally {
        let items = LocalItems(backend: backend, db: db, trip: trip)
        let foreign = ForeignItems(db: db, trip: trip, at: at)
        recorder = try SyncRecorder.open(db, trip)
        var tally = SyncTally()
        var troubles: [String: Trouble] = [:]
        var order: [String] = []
        let byID = Dictionary(pushed.map { ($0.opID, $0) }, uniquingKeysWith: { first, _ in first })
        var remaps: [String: String] = [:]
        // Items this device's own applied operations changed: their echo in the pull is not
        // news to anyone here, so it is not counted as pulled.
        var echoed = Set<String>()

        for outcome in outcomes {
            guard let operation = byID[outcome.opID] else { continue }
            // Another sync may have handled it meanwhile: only what is still waiting counts.
            try db.execute(sql: "DELETE FROM outbox WHERE op_id = ? AND trip_id = ?", arguments: [outcome.opID, trip.rawValue])
            guard db.changesCount > 0 else { continue }
            guard outcome.status != .applied else {
                tally.applied += 1
                echoed.insert(operation.operation.item.text)
                continue
            }
            // Two devices each added the same person: the local member becomes the server's.
            if outcome.status == .rejected, case .createMember(let mine) = operation.operation,
               let current = outcome.current, case .member(let theirs)? = current.value, theirs.id != mine.id {
                try LocalRekey(backend: backend, db: db, trip: trip, at: at).mergeMember(mine.id, into: theirs)
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
                troubles[key.text] = Trouble(
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
            try LocalRekey(backend: backend, db: db, trip: trip, at: at).rekey(old, to: new)
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
                try items.create(item.key, item.value, at: at, createdAt: item.createdAt)
                switch item.value {
                case .expense(let expense)?: bulk?.add(expense, trip: trip)
                case .payment(let payment)?: bulk?.addPayment(from: payment.from, to: payment.to, amount: payment.amount, trip: trip)
                default: break
                }
                tally.pulled += 1
            }
            try bulk?.resume(db)
            try finish(changes)
            return tally
        }

        let heldRevision = try db.cachedStatement(sql: "SELECT revision FROM remote_item WHERE trip_id = ? AND item = ?")
        for raw in changes.items {
            let key = raw.key.text
            if let held = try Int64.fetchOne(heldRevision, arguments: [trip.rawValue, key]), held >= raw.revision {
                continue
            }
            let item = try foreign.checked(raw)
            if troubles[key] != nil {
                troubles[key]?.current = item
                continue
            }
            if try waiting(key) {
                try remember(item, body: item.value)
                try foreign.note(item)
                continue
            }
            try remember(item, body: nil)
            try foreign.note(item)
            if item.held != nil {
                // Out of the trip (and its balances) until someone fixes it; the row, if the
                // trip had one, is soft-deleted, so nothing is lost.
                try items.write(item.key, nil, at: at)
                tally.held += 1
                continue
            }
            // The echo of this device's own change is usually what the trip holds already:
            // compared first, it costs a read instead of rewriting the rows.
            if let value = item.value, let current = try items.read(item.key), Self.sameContent(current, value) {
                if let createdAt = item.createdAt { try items.setCreatedAt(item.key, createdAt) }
            } else {
                try items.write(item.key, item.value, at: at, createdAt: item.createdAt)
            }
            if !echoed.contains(key) { tally.pulled += 1 }
        }

        for key in order {
            guard let trouble = troubles[key] else { continue }
            tally.conflicts += try settle(trouble, items: items, foreign: foreign)
        }

        try finish(changes)
        return tally
    }

    /// Stores the revision the trip now holds.
    private func finish(_ changes: RemoteChanges) throws {
        try db.execute(sql: """
            UPDATE trip_link SET revision = max(revision, ?), synced_at = ? WHERE trip_id = ?
            """, arguments: [changes.revision, at.iso8601, trip.rawValue])
    }

    /// Whether local changes to the item still wait in the outbox.
    private func waiting(_ key: String) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM outbox WHERE trip_id = ? AND item = ? LIMIT 1"),
                          arguments: [trip.rawValue, key]) == true
    }

    /// Stores the item's server revision, and its server version when the trip keeps another
    /// (or keeps them all).
    /// A held item is not deleted, yet has no value to keep: its server body is in
    /// `foreign_item`.
    private func remember(_ item: RemoteItem, body: SyncValue?) throws {
        let body = keepsBodies ? item.value : body
        let insert = try RowInserter(db, sql: """
            INSERT INTO remote_item (trip_id, item, revision, deleted, body) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (trip_id, item) DO UPDATE SET
                revision = max(revision, excluded.revision), deleted = excluded.deleted, body = excluded.body
            """)
        let deleted = item.value == nil && item.held == nil
        try insert.run([.text(trip.rawValue), .text(item.key.text), .int(item.revision), .int(deleted ? 1 : 0),
                        body.map { .text(SyncJSON.encode($0)) } ?? .null])
    }

    /// The server's version of an item as this device knows it: the one kept while local
    /// changes waited, else the base of those changes.
    private func knownServerVersion(_ key: SyncItemKey, base: SyncValue?, baseRevision: Int64?) throws -> SyncValue? {
        if let row = try Row.fetchOne(db, sql: "SELECT deleted, body FROM remote_item WHERE trip_id = ? AND item = ?",
                                      arguments: [trip.rawValue, key.text]) {
            if row[0] as Bool { return nil }
            if let body = row[1] as String? { return try SyncJSON.value(body) }
        }
        return baseRevision == nil ? nil : base
    }

    /// Merges or records one troubled item; returns how many conflicts it recorded.
    private func settle(_ trouble: Trouble, items: LocalItems, foreign: ForeignItems) throws -> Int {
        let key = trouble.operation.item
        let theirs = trouble.current.map(\.value) ?? trouble.known
        if let current = trouble.current { try remember(current, body: nil) }

        if let current = trouble.current, let held = current.held {
            // The server's version has no sound reading: it is held, the trip leaves the item
            // out like everyone else's, and the local version is kept in a conflict, so
            // `split resolve --mine` can send it as the fix.
            try foreign.note(current)
            try items.write(key, nil, at: at)
            guard let mine = trouble.mine else { return 0 }
            try record(key, field: "held", mine: mine, theirs: nil, detail: held.reason)
            return 1
        }
        if let current = trouble.current { try foreign.note(current) }

        if let reason = trouble.rejection {
            try items.write(key, theirs, at: at, createdAt: trouble.current?.createdAt)
            // A removal refused because the item is gone reached what it wanted.
            if trouble.operation.isRemoval && theirs == nil { return 0 }
            try record(key, field: "rejected", mine: trouble.mine, theirs: theirs, detail: reason)
            return 1
        }

        switch (trouble.mine, theirs) {
        case (nil, nil):
            try items.write(key, nil, at: at)
            return 0
        case (nil, _), (_, nil):
            // An edit against a delete, either way round: the server's side shows.
            try items.write(key, theirs, at: at, createdAt: trouble.current?.createdAt)
            try record(key, field: "deleted", mine: trouble.mine, theirs: theirs, detail: nil)
            return 1
        case (let mine?, let theirs?):
            let (merged, fields) = Self.merge(base: trouble.base, mine: mine, theirs: theirs)
            try items.write(key, merged, at: at, createdAt: trouble.current?.createdAt)
            for field in fields {
                try record(key, field: field, mine: mine, theirs: theirs, detail: nil)
            }
            if merged != theirs, let operation = Self.resend(merged) {
                try recorder?.append(operation, before: theirs, at: at)
                if let current = trouble.current { try remember(current, body: theirs) }
            }
            return fields.count
        }
    }

    /// Whether two versions hold the same content, creation times apart (the trip keeps the
    /// server's, set separately).
    static func sameContent(_ local: SyncValue, _ server: SyncValue) -> Bool {
        guard case .expense(var mine) = local, case .expense(var theirs) = server else { return local == server }
        mine.createdAt = nil
        theirs.createdAt = nil
        return mine == theirs
    }

    /// The merged version and the fields in conflict, for two versions of one item.
    static func merge(base: SyncValue?, mine: SyncValue, theirs: SyncValue) -> (SyncValue, [String]) {
        switch (mine, theirs) {
        case (.expense(let mine), .expense(let theirs)):
            var baseExpense: Expense?
            if case .expense(let value)? = base { baseExpense = value }
            let (merged, fields) = SyncMerge.expense(base: baseExpense, mine: mine, theirs: theirs)
            return (.expense(merged), fields.map(\.rawValue))
        case (.member(let mine), .member(let theirs)):
            var baseName: String?
            if case .member(let value)? = base { baseName = value.name }
            let (name, clash) = SyncMerge.value(base: baseName, mine: mine.name, theirs: theirs.name)
            return (.member(Member(id: theirs.id, name: name)), clash ? ["name"] : [])
        case (.rate(let currency, let mine), .rate(_, let theirs)):
            var baseRate: ExchangeRate?
            if case .rate(_, let value)? = base { baseRate = value }
            let (rate, clash) = SyncMerge.value(base: baseRate, mine: mine, theirs: theirs)
            return (.rate(currency: currency, rate: rate), clash ? ["rate"] : [])
        case (.group(let mine, let mineCurrency), .group(let theirs, let theirsCurrency)):
            var baseName: String?
            if case .group(let value, _)? = base { baseName = value }
            let (name, clash) = SyncMerge.value(base: baseName, mine: mine, theirs: theirs)
            return (.group(name: name, currency: theirsCurrency ?? mineCurrency), clash ? ["name"] : [])
        default:
            // Payments never change after they are made: the server's stands.
            return (theirs, mine == theirs ? [] : ["payment"])
        }
    }

    /// The operation that sends a merged version on the server's new base.
    static func resend(_ merged: SyncValue) -> SyncOperation? {
        switch merged {
        case .expense(let expense): return .updateExpense(expense)
        case .member(let member): return .renameMember(member)
        case .rate(let currency, let rate): return .setRate(currency: currency, rate: rate)
        case .group(let name, _): return .renameGroup(name: name)
        case .payment: return nil
        }
    }

    private func record(_ key: SyncItemKey, field: String, mine: SyncValue?, theirs: SyncValue?, detail: String?) throws {
        try db.execute(sql: """
            INSERT INTO sync_conflict (trip_id, item, field, mine, theirs, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [trip.rawValue, key.text, field, mine.map(SyncJSON.encode), theirs.map(SyncJSON.encode), detail,
                             at.iso8601])
    }
}
