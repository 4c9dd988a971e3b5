import Foundation
import GRDB
import SplitCore
@testable import SplitStore
import Testing

/// The upload id map (schema version 3): per server and account, kept with the trip, and the
/// only thing an upload writes locally.
@Suite("Upload id map")
struct UploadMapTests {
    @Test("entries are kept per server and account; re-recording replaces; removing and forgetting")
    func recordAndLoad() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip()
        let store = fixture.backend
        let here = UploadScope(server: "http://127.0.0.1:3012", account: "user-1", trip: trip.id)
        let elsewhere = UploadScope(server: "http://127.0.0.1:3012", account: "user-2", trip: trip.id)
        try store.recordUploads([UploadMapEntry(.trip, trip.id.rawValue, "g-1"), UploadMapEntry(.member, members[0].id.rawValue, "m-1"),
                          UploadMapEntry(.member, members[1].id.rawValue, "m-2")], scope: here, at: fixture.tick())
        try store.recordUploads([UploadMapEntry(.trip, trip.id.rawValue, "g-9")], scope: elsewhere, at: fixture.tick())
        try store.recordUploads([UploadMapEntry(.member, members[1].id.rawValue, "m-3")], scope: here, at: fixture.tick())

        let mapping = try store.uploadMapping(here)
        #expect(mapping.serverID(.trip, trip.id.rawValue) == "g-1")
        #expect(mapping.entries(.member) == [members[0].id.rawValue: "m-1", members[1].id.rawValue: "m-3"])
        #expect(try store.uploadMapping(elsewhere).serverID(.trip, trip.id.rawValue) == "g-9")

        try store.removeUploads(.member, [members[0].id.rawValue], scope: here)
        #expect(try store.uploadMapping(here).entries(.member).count == 1)
        try store.forgetUploads(here)
        #expect(try store.uploadMapping(here).isEmpty)
        #expect(!(try store.uploadMapping(elsewhere).isEmpty))
    }

    @Test("deleting the trip deletes its map; kinds are checked by the schema")
    func cascadeAndChecks() async throws {
        var fixture = try StoreFixture()
        let (trip, _) = try await fixture.trip()
        let store = fixture.backend
        let scope = UploadScope(server: "http://s", account: "a", trip: trip.id)
        try store.recordUploads((0..<2000).map { UploadMapEntry(.expense, "e-\($0)", "s-\($0)") }, scope: scope, at: fixture.tick())
        #expect(try store.uploadMapping(scope).entries(.expense).count == 2000)
        _ = try fixture.backend.database.write { db in
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: """
                    INSERT INTO upload_map (server, account, kind, local_id, server_id, trip_id, uploaded_at)
                    VALUES ('http://s', 'a', 'receipt', 'x', 'y', ?, 'now')
                    """, arguments: [trip.id.rawValue])
            }
        }
        try await fixture.backend.deleteTrip(trip.id)
        let left = try fixture.backend.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM upload_map") }
        #expect(left == 0)
    }

    @Test("a version 2 file gains the map and keeps its data")
    func migratesFromVersion2() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("split-v2-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let tripID = TripID("11111111-1111-1111-1111-111111111111")
        do {
            // Exactly what split wrote at version 2: its first two migrations, then a trip.
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in
                try SchemaMigrator(migrations: Array(SplitDatabase.migrator.migrations.prefix(2))).migrate(db, from: 0)
                try db.execute(sql: "INSERT INTO trip VALUES (?, 'Old', 'old', 'EUR', '2025-01-01T00:00:00.000Z')",
                               arguments: [tripID.rawValue])
            }
        }
        let reopened = try SplitDatabase(path: path)
        let store = LocalBackend(database: reopened)
        let scope = UploadScope(server: "http://s", account: "a", trip: tripID)
        try store.recordUploads([UploadMapEntry(.trip, tripID.rawValue, "g")], scope: scope, at: Timestamp(millisecondsSince1970: 1_800_000_000_000))
        #expect(try store.uploadMapping(scope).serverID(.trip, tripID.rawValue) == "g")
        #expect(try await LocalBackend(database: reopened).trips().map(\.trip.name) == ["Old"])
        #expect(try reopened.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == SplitDatabase.schemaVersion)
    }
}
