import GRDB
import SplitCore

/// The store side of syncing linked trips: links, the outbox, server revisions. The
/// machinery these few transactions run (``SyncApplier``, ``LocalRekey``) is in `Sync/`.
///
/// Everything a sync learns from the server (the answers to pushed operations and the pulled
/// changes) is applied by ``apply(trip:pushed:outcomes:changes:at:)`` in one transaction with
/// the new revision, so a sync killed at any moment leaves either the old state (and the next
/// run sends the same operation ids again, which the server does not apply twice) or the new.
extension LocalBackend {
    // MARK: Links

    /// `trip`'s link, read at most once by this store's backend (``LinkCache``): the command's
    /// scope usually read it already.
    public func link(_ trip: TripID) throws -> TripLink? {
        if let known = run.links.lookup(trip) { return known }
        return try database.read { db in try run.link(db, trip) }
    }

    public func links() throws -> [TripLink] {
        let links = try database.read { db in try TripLinkRecord.fetchAll(db, sql: TripLinkRecord.all).map(\.link) }
        for link in links { run.links.remember(link.trip, link) }
        return links
    }

    /// The link, pending count and conflict count of each linked trip (or of `trip`).
    public func statuses(trip: TripID? = nil) throws -> [LinkStatus] {
        let statuses = try database.read { db in
            try LinkStatusRecord.fetchAll(db, sql: LinkStatusRecord.sql, arguments: ["trip": trip?.rawValue]).map(\.status)
        }
        for status in statuses { run.links.remember(status.link.trip, status.link) }
        if let trip, statuses.isEmpty { run.links.remember(trip, nil) }
        return statuses
    }

    /// The status of a link already read: its counts only, no read of `trip_link`.
    public func status(of link: TripLink) throws -> LinkStatus {
        try database.read { db in
            guard let row = try Row.fetchOne(db, sql: LinkStatusRecord.countsSQL, arguments: ["trip": link.trip.rawValue]) else {
                return LinkStatus(link: link, pending: 0, conflicts: 0)
            }
            return try LinkStatusRecord.status(link, row)
        }
    }

    /// Links an existing trip to `group`. Its items count as already on the server: the
    /// first pull (from revision 0) then confirms each one.
    ///
    /// `rekeys` gives local items the ids an upload stored them under, in the same
    /// transaction: a linked trip names every item as the server does.
    public func linkTrip(_ trip: TripID, server: String, account: String, group: String,
                         syncProtocol: TripLink.SyncProtocol, rekeys: [(SyncItemKey, SyncItemKey)] = [],
                         at: Timestamp) throws {
        run.links.forget(trip)
        try database.write { db in
            try TripRecord.require(db, trip)
            try Self.insertLink(db, trip: trip, server: server, account: account, group: group,
                                syncProtocol: syncProtocol, at: at)
            let rekey = LocalRekey(run: run, db: db, trip: trip, at: at)
            for (old, new) in rekeys { try rekey.rekey(old, to: new) }
            // No upload sends rules, settle steps, departures or the trip's own categories:
            // the first sync does, as operations of their own.
            if syncProtocol == .feed { try Self.queueTripOwn(run, db, trip: trip, at: at) }
        }
        run.links.forget(trip)
    }

    /// What an upload does not carry goes to a feed server with the first sync: the trip's
    /// recurring rules, its settle steps and departures, and its categories when they are not
    /// the six, with the expenses in them (uploaded as Other). A server without a part keeps
    /// it on this device.
    private static func queueTripOwn(_ run: StoreRun, _ db: Database, trip: TripID, at: Timestamp) throws {
        guard let queue = try TripOwnQueue(run, db, trip: trip, at: at) else { return }
        try queue.recurring()
        try queue.settleSteps()
        try queue.departures()
        try queue.categories()
    }

    /// The trip's server keeps `parts` now. The first time, that is only recorded. Later, each
    /// part the server has gained since the last record (an upgraded split-server) gets what
    /// this device kept of it queued, in the same transaction: the next push then sends it
    /// before the pull that follows, so nothing of it is lost to a pull of the server's
    /// versions without it (members with no departure).
    public func serverKeeps(_ parts: Set<TripOwnPart>, trip: TripID, at: Timestamp) throws {
        defer { run.links.forget(trip) }
        try database.write { db in
            // Read afresh: another process's sync may have recorded it since this run read the link.
            guard let link = try TripLinkRecord.link(db, trip) else { return }
            let gained = link.serverKeeps.map { parts.subtracting($0) } ?? []
            if !gained.isEmpty, let queue = try TripOwnQueue(run, db, trip: trip, at: at) {
                for part in gained.sorted() { try queue.queue(part) }
            }
            try db.execute(sql: TripLinkRecord.serverKeepsSQL,
                           arguments: ["keeps": TripOwnPart.text(parts), "trip": trip.rawValue])
        }
    }

    /// Creates a local trip for a cloud group, linked to it, holding `changes` (the group's
    /// whole first pull), in one transaction: a pull stopped half-way leaves no trip.
    public func adopt(_ trip: Trip, server: String, account: String, group: String, syncProtocol: TripLink.SyncProtocol,
                      changes: RemoteChanges, at: Timestamp) throws -> SyncTally {
        defer { run.links.forget(trip.id) }
        return try database.write { db in
            if try Row.fetchOne(db, sql: TripRecord.byID, arguments: ["id": trip.id.rawValue]) != nil {
                throw StoreError.invalid("this device already holds that trip (id \(trip.id.short)); "
                                         + "delete it first with: split trip delete \(trip.id.short) --yes")
            }
            let name = try TripWriter.freeTripName(db, trip.name, for: trip.id)
            try TripWriter(run, db, trip: trip.id, at: at, origin: .pulled).insertTrip(name: name, currency: trip.currency)
            try ActivityLog.append(db, trip: trip.id, at: at, action: "trip.pull", summary: "pulled trip '\(name)' from \(server)",
                            undo: .none)
            try Self.insertLink(db, trip: trip.id, server: server, account: account, group: group,
                                syncProtocol: syncProtocol, at: at)
            return try SyncApplier(run: run, db: db, trip: trip.id, at: at)
                .run(pushed: [], outcomes: [], changes: changes, fresh: true)
        }
    }

    /// Forgets the link (the trip stays, local only): pending operations and conflicts go.
    public func unlink(_ trip: TripID) throws {
        try database.write { db in
            for sql in Self.unlinkSQL { try db.execute(sql: sql, arguments: ["trip": trip.rawValue]) }
        }
        run.links.remember(trip, nil)
    }

    /// What an unlink of trip `:trip` runs, in order. You stay who you were: the account's
    /// claim becomes this device's choice before the claims go; then every sync table's rows of
    /// the trip go, the link last.
    private static let unlinkSQL = [
        MemberClaimRecord.keepAsMeSQL, MemberClaimRecord.deleteTripSQL, OutboxRecord.deleteTripSQL,
        RemoteItemRecord.deleteTripSQL, SyncConflictRecord.deleteTripSQL, ForeignItemRecord.deleteTripSQL,
        TripLinkRecord.deleteSQL,
    ]

    // MARK: Outbox

    /// The oldest pending operations of `trip`, at most `limit`.
    public func pending(_ trip: TripID, limit: Int) throws -> [PendingOperation] {
        try database.read { db in
            try OutboxRecord.fetchAll(db, sql: OutboxRecord.oldest, arguments: ["trip": trip.rawValue, "limit": limit])
                .map(\.pending)
        }
    }

    public func pendingCount(_ trip: TripID) throws -> Int {
        try database.read { db in try OutboxRecord.count(db, trip) }
    }

    // MARK: Applying a sync

    /// Applies the server's answers to `pushed` and the pulled `changes`, and stores the new
    /// revision, in one transaction. See ``SyncApplier``.
    /// `rekeys` gives local items the ids the server stored them under (the Node server's
    /// own ids), before the changes are applied.
    /// `server`: what the server holds, when the caller asked it (nil: as the link's protocol
    /// says; everything on split-server).
    ///
    /// The link is not read again: the applier's last statement advances the revision and
    /// throws when the trip is no longer linked, rolling everything back. The tally carries the
    /// revision now held and what still waits, counted in the same transaction.
    public func apply(trip: TripID, pushed: [PendingOperation], outcomes: [OperationOutcome], changes: RemoteChanges,
                      rekeys: [(SyncItemKey, SyncItemKey)] = [], server: ServerLimits? = nil, at: Timestamp) throws -> SyncTally {
        let tally = try database.write { db in
            try SyncApplier(run: run, db: db, trip: trip, at: at, server: server)
                .run(pushed: pushed, outcomes: outcomes, changes: changes, rekeys: rekeys)
        }
        run.links.advance(trip, to: tally.revision, at: at)
        return tally
    }

    /// The server's version of every item of a snapshot link as last pulled (nil for a
    /// deleted one), keyed by item: what the next pull is compared with.
    public func knownServerItems(_ trip: TripID) throws -> [SyncItemKey: SyncValue?] {
        try database.read { db in
            var known: [SyncItemKey: SyncValue?] = [:]
            let items = try RemoteItemRecord.fetchCursor(db, sql: RemoteItemRecord.ofTrip,
                                                         arguments: ["trip": trip.rawValue])
            while let item = try items.next() {
                guard let key = SyncItemKey(text: item.item) else { continue }
                if item.deleted {
                    known[key] = .some(nil)
                } else if let body = item.body {
                    known[key] = try SyncJSON.value(body)
                }
            }
            return known
        }
    }

    /// Sets the creation time of expenses and payments (by id) to the server's.
    public func setCreationTimes(_ trip: TripID, _ times: [String: Timestamp]) throws {
        guard !times.isEmpty else { return }
        try database.write { db in
            let writer = try TripWriter(run, db, trip: trip, at: Timestamp(millisecondsSince1970: 0), origin: .pulled)
            for (id, at) in times {
                try writer.setCreatedAt(.expense(ExpenseID(id)), at)
                try writer.setCreatedAt(.payment(PaymentID(id)), at)
            }
        }
    }

    /// Notes a sync that found nothing new.
    public func markSynced(_ trip: TripID, at: Timestamp) throws {
        try database.write { db in
            try db.execute(sql: TripLinkRecord.syncedSQL, arguments: ["at": at.iso8601, "trip": trip.rawValue])
        }
        run.links.advance(trip, to: nil, at: at)
    }

    // MARK: Rows

    static func insertLink(_ db: Database, trip: TripID, server: String, account: String, group: String,
                           syncProtocol: TripLink.SyncProtocol, at: Timestamp) throws {
        if let other = try String.fetchOne(db, sql: TripLinkRecord.otherTripName, arguments: [
            "server": server, "account": account, "group": group, "trip": trip.rawValue,
        ]) {
            throw StoreError.invalid("the cloud trip \(group.prefix(8)) is already linked to the local trip '\(other)'")
        }
        try db.execute(sql: TripLinkRecord.linkSQL,
                       arguments: [trip.rawValue, server, account, group, syncProtocol.rawValue, at.iso8601])
    }
}
