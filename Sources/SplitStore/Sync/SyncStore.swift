import GRDB
import SplitCore

/// The local side of syncing linked trips: links, the outbox, server revisions and conflicts.
///
/// Everything a sync learns from the server (the answers to pushed operations and the pulled
/// changes) is applied by ``apply(trip:pushed:outcomes:changes:at:)`` in one transaction with
/// the new revision, so a sync killed at any moment leaves either the old state (and the next
/// run sends the same operation ids again, which the server does not apply twice) or the new.
public final class SyncStore: Sendable {
    public let database: SplitDatabase
    let backend: LocalBackend

    public init(database: SplitDatabase) {
        self.database = database
        backend = LocalBackend(database: database)
    }

    /// The sync side of `backend`: changes it queues (a resolution, a held expense's fix) go
    /// to that backend's ``WriteJournal``.
    public init(backend: LocalBackend) {
        database = backend.database
        self.backend = backend
    }

    // MARK: Links

    public func link(_ trip: TripID) throws -> TripLink? {
        try database.read { db in try Self.link(db, trip) }
    }

    public func links() throws -> [TripLink] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.linkColumns) FROM trip_link ORDER BY linked_at, trip_id").map(Self.link)
        }
    }

    /// The link, pending count and conflict count of each linked trip (or of `trip`).
    public func statuses(trip: TripID? = nil) throws -> [LinkStatus] {
        try database.read { db in
            let filter = trip == nil ? "" : " WHERE l.trip_id = ?"
            let arguments: StatementArguments = trip.map { [$0.rawValue] } ?? []
            return try Row.fetchAll(db, sql: """
                SELECT l.trip_id, l.server, l.account, l.group_id, l.protocol, l.revision, l.linked_at, l.synced_at,
                    (SELECT COUNT(*) FROM outbox o WHERE o.trip_id = l.trip_id),
                    (SELECT COUNT(*) FROM sync_conflict c WHERE c.trip_id = l.trip_id),
                    (SELECT COUNT(*) FROM foreign_item f WHERE f.trip_id = l.trip_id AND f.state = 'held'),
                    (SELECT COUNT(*) FROM foreign_item f WHERE f.trip_id = l.trip_id AND f.state = 'repaired')
                FROM trip_link l\(filter) ORDER BY l.linked_at, l.trip_id
                """, arguments: arguments).map { row in
                LinkStatus(link: try Self.link(row), pending: row[8], conflicts: row[9], held: row[10], repaired: row[11])
            }
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
        try database.write { db in
            try backend.requireTrip(db, trip)
            try Self.insertLink(db, trip: trip, server: server, account: account, group: group,
                                syncProtocol: syncProtocol, at: at)
            let rekey = LocalRekey(backend: backend, db: db, trip: trip, at: at)
            for (old, new) in rekeys { try rekey.rekey(old, to: new) }
        }
    }

    /// Creates a local trip for a cloud group, linked to it, holding `changes` (the group's
    /// whole first pull), in one transaction: a pull stopped half-way leaves no trip.
    public func adopt(_ trip: Trip, server: String, account: String, group: String, syncProtocol: TripLink.SyncProtocol,
                      changes: RemoteChanges, at: Timestamp) throws -> SyncTally {
        try database.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM trip WHERE id = ?", arguments: [trip.id.rawValue]) == true {
                throw StoreError.invalid("this device already holds that trip (id \(trip.id.short)); "
                                         + "delete it first with: split trip delete \(trip.id.short) --yes")
            }
            let name = try TripWriter.freeTripName(db, trip.name, for: trip.id)
            try TripWriter(backend, db, trip: trip.id, at: at, origin: .pulled).insertTrip(name: name, currency: trip.currency)
            try ActivityLog.append(db, trip: trip.id, at: at, action: "trip.pull", summary: "pulled trip '\(name)' from \(server)",
                            undo: .none)
            try Self.insertLink(db, trip: trip.id, server: server, account: account, group: group,
                                syncProtocol: syncProtocol, at: at)
            return try SyncApplier(backend: backend, db: db, trip: trip.id, at: at)
                .run(pushed: [], outcomes: [], changes: changes, fresh: true)
        }
    }

    /// Forgets the link (the trip stays, local only): pending operations and conflicts go.
    public func unlink(_ trip: TripID) throws {
        try database.write { db in
            // You stay who you were: the account's claim becomes this device's choice.
            try db.execute(sql: """
                INSERT OR IGNORE INTO trip_me (trip_id, member_id)
                SELECT c.trip_id, c.member_id FROM member_claim c JOIN trip_link l ON l.trip_id = c.trip_id AND l.account = c.account
                WHERE c.trip_id = ? LIMIT 1
                """, arguments: [trip.rawValue])
            try db.execute(sql: "DELETE FROM member_claim WHERE trip_id = ?", arguments: [trip.rawValue])
            for table in ["outbox", "remote_item", "sync_conflict", "foreign_item", "trip_link"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE trip_id = ?", arguments: [trip.rawValue])
            }
        }
    }

    // MARK: Outbox

    /// The oldest pending operations of `trip`, at most `limit`.
    public func pending(_ trip: TripID, limit: Int) throws -> [PendingOperation] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT seq, op_id, operation, base_revision, base FROM outbox WHERE trip_id = ? ORDER BY seq LIMIT ?
                """, arguments: [trip.rawValue, limit]).map { row in
                PendingOperation(sequence: row[0], opID: row[1], operation: try SyncJSON.operation(row[2]),
                                 baseRevision: row[3], base: try (row[4] as String?).map(SyncJSON.value))
            }
        }
    }

    public func pendingCount(_ trip: TripID) throws -> Int {
        try database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE trip_id = ?", arguments: [trip.rawValue]) ?? 0
        }
    }

    // MARK: Applying a sync

    /// Applies the server's answers to `pushed` and the pulled `changes`, and stores the new
    /// revision, in one transaction. See ``SyncApplier``.
    /// `rekeys` gives local items the ids the server stored them under (the Node server's
    /// own ids), before the changes are applied.
    public func apply(trip: TripID, pushed: [PendingOperation], outcomes: [OperationOutcome], changes: RemoteChanges,
                      rekeys: [(SyncItemKey, SyncItemKey)] = [], at: Timestamp) throws -> SyncTally {
        try database.write { db in
            guard try Self.link(db, trip) != nil else {
                throw StoreError.notFound("trip \(trip.short) is no longer linked; nothing was changed")
            }
            return try SyncApplier(backend: backend, db: db, trip: trip, at: at)
                .run(pushed: pushed, outcomes: outcomes, changes: changes, rekeys: rekeys)
        }
    }

    /// The server's version of every item of a snapshot link as last pulled (nil for a
    /// deleted one), keyed by item: what the next pull is compared with.
    public func knownServerItems(_ trip: TripID) throws -> [SyncItemKey: SyncValue?] {
        try database.read { db in
            var known: [SyncItemKey: SyncValue?] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT item, deleted, body FROM remote_item WHERE trip_id = ?",
                                           arguments: [trip.rawValue])
            while let row = try rows.next() {
                guard let key = SyncItemKey(text: row[0]) else { continue }
                if row[1] as Bool {
                    known[key] = .some(nil)
                } else if let body = row[2] as String? {
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
            let writer = try TripWriter(backend, db, trip: trip, at: Timestamp(millisecondsSince1970: 0), origin: .pulled)
            for (id, at) in times {
                try writer.setCreatedAt(.expense(ExpenseID(id)), at)
                try writer.setCreatedAt(.payment(PaymentID(id)), at)
            }
        }
    }

    /// Notes a sync that found nothing new.
    public func markSynced(_ trip: TripID, at: Timestamp) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE trip_link SET synced_at = ? WHERE trip_id = ?", arguments: [at.iso8601, trip.rawValue])
        }
    }

    // MARK: Rows

    static let linkColumns = "trip_id, server, account, group_id, protocol, revision, linked_at, synced_at"

    static func link(_ db: Database, _ trip: TripID) throws -> TripLink? {
        try Row.fetchOne(db, sql: "SELECT \(linkColumns) FROM trip_link WHERE trip_id = ?", arguments: [trip.rawValue])
            .map(link)
    }

    static func link(_ row: Row) throws -> TripLink {
        let stored = StoredRow(row, table: "trip_link", idColumn: Column("trip_id"))
        guard let kind = TripLink.SyncProtocol(rawValue: try stored.text(Column("protocol"))) else {
            throw stored.unreadable(Column("protocol"), expected: "feed or snapshot")
        }
        return TripLink(trip: TripID(try stored.text(Column("trip_id"))), server: try stored.text(Column("server")),
                        account: try stored.text(Column("account")), group: try stored.text(Column("group_id")),
                        syncProtocol: kind, revision: try stored.integer(Column("revision")),
                        linkedAt: try stored.timestamp(Column("linked_at")), syncedAt: try stored.optionalTimestamp(Column("synced_at")))
    }

    static func insertLink(_ db: Database, trip: TripID, server: String, account: String, group: String,
                           syncProtocol: TripLink.SyncProtocol, at: Timestamp) throws {
        if let other = try String.fetchOne(db, sql: """
            SELECT t.name FROM trip_link l JOIN trip t ON t.id = l.trip_id
            WHERE l.server = ? AND l.account = ? AND l.group_id = ? AND l.trip_id <> ?
            """, arguments: [server, account, group, trip.rawValue]) {
            throw StoreError.invalid("the cloud trip \(group.prefix(8)) is already linked to the local trip '\(other)'")
        }
        try db.execute(sql: """
            INSERT INTO trip_link (trip_id, server, account, group_id, protocol, revision, linked_at) VALUES (?, ?, ?, ?, ?, 0, ?)
            ON CONFLICT (trip_id) DO UPDATE SET server = excluded.server, account = excluded.account,
                group_id = excluded.group_id, protocol = excluded.protocol, revision = 0, linked_at = excluded.linked_at
            """, arguments: [trip.rawValue, server, account, group, syncProtocol.rawValue, at.iso8601])
    }
}
