import Foundation
import GRDB
import SplitCore
@testable import SplitStore
import Testing

/// A damaged value in a sync table (written past its CHECK with `PRAGMA
/// ignore_check_constraints`, or by another program) stops the read that meets it with
/// ``StoreError/unreadable(table:id:column:value:expected:)`` naming the table, the row and the
/// column, as the trip tables do; it never becomes a default or a crash.
@Suite("Unreadable values in the sync tables")
struct SyncUnreadableTests {
    /// One damaged value: the table and column the message must name, and the read that meets it.
    enum Damage: String, CaseIterable, Sendable {
        case outboxBaseRevision, linkRevision, remoteDeleted, conflictCreatedAt, foreignRevision, uploadServerID

        var table: String {
            switch self {
            case .outboxBaseRevision: return "outbox"
            case .linkRevision: return "trip_link"
            case .remoteDeleted: return "remote_item"
            case .conflictCreatedAt: return "sync_conflict"
            case .foreignRevision: return "foreign_item"
            case .uploadServerID: return "upload_map"
            }
        }

        var column: String {
            switch self {
            case .outboxBaseRevision: return "base_revision"
            case .linkRevision: return "revision"
            case .remoteDeleted: return "deleted"
            case .conflictCreatedAt: return "created_at"
            case .foreignRevision: return "revision"
            case .uploadServerID: return "server_id"
            }
        }
    }

    @Test("the read stops with unreadable, naming table, row id and column", arguments: Damage.allCases)
    func refused(_ damage: Damage) async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        let store = fixture.backend
        try store.linkTrip(trip.id, server: "http://127.0.0.1:1", account: "account", group: "group",
                           syncProtocol: .feed, at: fixture.tick())
        // Queued in the outbox: the trip is linked.
        try await fixture.backend.addExpenses([try StoreFixture.expense(900, paidBy: members[0], among: members)],
                                              trip: trip.id, at: fixture.tick())
        let uploads = fixture.backend
        let scope = UploadScope(server: "http://s", account: "a", trip: trip.id)

        let id: String = try fixture.backend.database.write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            defer { try? db.execute(sql: "PRAGMA ignore_check_constraints = OFF") }
            let tripID = trip.id.rawValue
            switch damage {
            case .outboxBaseRevision:
                try db.execute(sql: "UPDATE outbox SET base_revision = 'seven'")
                return try #require(try String.fetchOne(db, sql: "SELECT CAST(MIN(seq) AS TEXT) FROM outbox"))
            case .linkRevision:
                try db.execute(sql: "UPDATE trip_link SET revision = 'latest'")
                return tripID
            case .remoteDeleted:
                try db.execute(sql: "INSERT INTO remote_item (trip_id, item, revision, deleted) VALUES (?, 'member:x', 3, 2)",
                               arguments: [tripID])
                return "member:x"
            case .conflictCreatedAt:
                try db.execute(sql: """
                    INSERT INTO sync_conflict (trip_id, item, field, created_at) VALUES (?, 'member:x', 'name', 'noon')
                    """, arguments: [tripID])
                return try #require(try String.fetchOne(db, sql: "SELECT CAST(MAX(id) AS TEXT) FROM sync_conflict"))
            case .foreignRevision:
                try db.execute(sql: """
                    INSERT INTO foreign_item (trip_id, item, state, revision, body, reason, noted_at)
                    VALUES (?, 'expense:x', 'held', 'new', '{}', 'no reading', '2025-01-20T09:30:00.000Z')
                    """, arguments: [tripID])
                return tripID
            case .uploadServerID:
                try db.execute(sql: """
                    INSERT INTO upload_map (server, account, kind, local_id, server_id, trip_id, uploaded_at)
                    VALUES ('http://s', 'a', 'member', 'm-1', X'2A', ?, 'now')
                    """, arguments: [tripID])
                return "m-1"
            }
        }

        let error = #expect(throws: StoreError.self) {
            switch damage {
            case .outboxBaseRevision: _ = try store.pending(trip.id, limit: 10)
            case .linkRevision: _ = try store.links()
            case .remoteDeleted: _ = try store.knownServerItems(trip.id)
            case .conflictCreatedAt: _ = try store.conflicts()
            case .foreignRevision: _ = try store.foreignItems()
            case .uploadServerID: _ = try uploads.uploadMapping(scope)
            }
        }
        guard case .unreadable(let table, let row, let column, _, _)? = error else {
            Issue.record("expected an unreadable value, got \(String(describing: error))")
            return
        }
        #expect(table == damage.table)
        #expect(row == id)
        #expect(column == damage.column)
        #expect(error?.message.contains("table \(damage.table), row id \(id), column \(damage.column)") == true)
        #expect(error?.kind == .io, "exit 74 in the CLI")
    }
}
