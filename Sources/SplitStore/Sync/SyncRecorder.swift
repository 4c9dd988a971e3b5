import Foundation
import GRDB
import SplitCore

/// Appends an outbox operation for a write to a linked trip, inside the write's transaction.
///
/// The base of the change (its `ifMatch` revision and the version a later merge compares
/// against) is the server's version of the item. While an item has no pending operation its
/// local row *is* the server's version, so that row, read before the write, is the base. While
/// it has some, the base stays the first pending operation's: the server checks a chain of
/// changes against the revision it had before the chain.
enum SyncRecorder {
    /// Whether `trip` is linked: one primary-key probe, made by every write.
    static func isLinked(_ db: Database, _ trip: TripID) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM trip_link WHERE trip_id = ?", arguments: [trip.rawValue]) == true
    }

    /// Records `operation`. `before` is the item's local version before the write (nil for a
    /// new item). Does nothing for a trip that is not linked.
    static func record(_ db: Database, trip: TripID, _ operation: SyncOperation, before: SyncValue?, at: Timestamp) throws {
        guard try isLinked(db, trip) else { return }
        try append(db, trip: trip, operation, before: before, at: at)
    }

    /// Records `operation` on a trip known to be linked.
    static func append(_ db: Database, trip: TripID, _ operation: SyncOperation, before: SyncValue?, at: Timestamp) throws {
        if try String.fetchOne(db, sql: "SELECT protocol FROM trip_link WHERE trip_id = ?", arguments: [trip.rawValue])
            == TripLink.SyncProtocol.snapshot.rawValue {
            guard try NodeRules.check(operation) else { return }
        }
        let key = operation.item.text
        var baseRevision: Int64?
        var base: String?
        if let first = try Row.fetchOne(db, sql: """
            SELECT base_revision, base FROM outbox WHERE trip_id = ? AND item = ? ORDER BY seq LIMIT 1
            """, arguments: [trip.rawValue, key]) {
            baseRevision = first[0]
            base = first[1]
        } else if let remote = try Row.fetchOne(db, sql: """
            SELECT revision, deleted FROM remote_item WHERE trip_id = ? AND item = ?
            """, arguments: [trip.rawValue, key]) {
            baseRevision = remote[0]
            base = (remote[1] as Bool) ? nil : before.map(SyncJSON.encode)
        } else if case .rate = operation.item {
            // A rate this device never saw on the server: 0 asks the server to refuse it if
            // another device set one meanwhile, so the two rates meet as a conflict.
            baseRevision = 0
        }
        try db.execute(sql: """
            INSERT INTO outbox (trip_id, op_id, item, operation, base_revision, base, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [trip.rawValue, newOperationID(), key, SyncJSON.encode(operation), baseRevision, base, at.iso8601])
    }

    /// Queues `operation` again under a new id with a given base (a change the server
    /// refused only because of an id this device has since replaced).
    static func requeue(_ db: Database, trip: TripID, _ operation: SyncOperation, baseRevision: Int64?, base: SyncValue?,
                        at: Timestamp) throws {
        try db.execute(sql: """
            INSERT INTO outbox (trip_id, op_id, item, operation, base_revision, base, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [trip.rawValue, newOperationID(), operation.item.text, SyncJSON.encode(operation), baseRevision,
                             base.map(SyncJSON.encode), at.iso8601])
    }

    /// Queues a create for every live item of a linked trip that neither the server has nor
    /// the outbox holds: what a bulk write such as an import into the trip added.
    static func queueUnsent(_ db: Database, trip: TripID, backend: LocalBackend, at: Timestamp) throws {
        guard try isLinked(db, trip) else { return }
        let known = Set(try String.fetchAll(db, sql: """
            SELECT item FROM remote_item WHERE trip_id = ?1 UNION SELECT item FROM outbox WHERE trip_id = ?1
            """, arguments: [trip.rawValue]))
        var operations: [SyncOperation] = []
        for member in try backend.members(db, trip: trip) where !known.contains(SyncItemKey.member(member.id).text) {
            operations.append(.createMember(member))
        }
        try backend.streamExpenses(db, whereClause: "e.trip_id = ? AND e.deleted_at IS NULL", arguments: [trip.rawValue]) {
            if !known.contains(SyncItemKey.expense($0.id).text) { operations.append(.createExpense($0)) }
        }
        for payment in try backend.payments(db, trip: trip) where !known.contains(SyncItemKey.payment(payment.id).text) {
            operations.append(.createPayment(payment))
        }
        for (code, rate) in try backend.rates(db, trip: trip) where !known.contains(SyncItemKey.rate(code).text) {
            operations.append(.setRate(currency: try Currency(code: code), rate: rate))
        }
        for operation in operations {
            try append(db, trip: trip, operation, before: nil, at: at)
        }
    }

    static func newOperationID() -> String { UUID().uuidString.lowercased() }
}
