import Foundation
import SplitCore
import Testing
@testable import SplitStore

/// Who "you" are in a trip (schema v7): this device's choice, the account's claims as pulls
/// report them, and which wins.
@Suite("you in the store")
struct MeTests {
    @Test("on a local trip the device's choice is the answer; cleared, it is nobody; a removed member is nobody")
    func localTrip() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea", "Chen"])
        #expect(try await fixture.backend.me(trip: trip.id, named: nil) == nil)
        try await fixture.backend.setMe(members[1].id, trip: trip.id, at: fixture.tick())
        #expect(try await fixture.backend.me(trip: trip.id, named: nil) == Me(member: members[1], source: .device))
        try await fixture.backend.setMe(nil, trip: trip.id, at: fixture.tick())
        #expect(try await fixture.backend.me(trip: trip.id, named: nil) == nil)
        try await fixture.backend.setMe(members[2].id, trip: trip.id, at: fixture.tick())
        try await fixture.backend.removeMember(members[2].id, trip: trip.id, at: fixture.tick())
        #expect(try await fixture.backend.me(trip: trip.id, named: nil) == nil)
        // Nobody outside the trip can be you.
        await #expect(throws: (any Error).self) { try await fixture.backend.setMe(MemberID(StoreFixture.id()), trip: trip.id, at: Timestamp(millisecondsSince1970: 0)) }
        // Nothing is queued for a server: "you" is not trip data.
        #expect(try await fixture.backend.pendingClaims().isEmpty)
    }

    @Test("on a trip linked to split-server the account's claim, as pulled, is you; a choice made here waits until confirmed")
    func linkedTrip() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        let sync = LocalBackend(database: fixture.backend.database)
        try sync.linkTrip(trip.id, server: "http://127.0.0.1:1", account: "user-ann", group: trip.id.rawValue,
                          syncProtocol: .feed, at: fixture.tick())
        // A pull says another account claims Alex, and Ann's account Bea.
        _ = try sync.apply(trip: trip.id, pushed: [], outcomes: [],
                           changes: RemoteChanges(revision: 5, items: [], claims: [members[0].id: "user-ben", members[1].id: "user-ann"]),
                           at: fixture.tick())
        #expect(try await fixture.backend.me(trip: trip.id, named: nil) == Me(member: members[1], source: .account))
        #expect(try await fixture.backend.claimed(trip: trip.id, account: "user-ann") == members[1].id)

        // Chosen here: it wins, and waits to be sent.
        try await fixture.backend.setMe(members[0].id, trip: trip.id, at: fixture.tick())
        #expect(try await fixture.backend.me(trip: trip.id, named: nil) == Me(member: members[0], source: .pending))
        #expect(try await fixture.backend.pendingClaims() == [PendingClaim(trip: trip.id, group: trip.id.rawValue, member: members[0].id)])
        // Refused by the server: forgotten, and the account's claim shows again.
        try await fixture.backend.dropPendingClaim(trip: trip.id)
        #expect(try await fixture.backend.me(trip: trip.id, named: nil)?.member == members[1])

        // A release chosen here: nobody, until the server takes it; then nobody for good.
        try await fixture.backend.setMe(nil, trip: trip.id, at: fixture.tick())
        #expect(try await fixture.backend.me(trip: trip.id, named: nil) == nil)
        #expect(try await fixture.backend.pendingClaims().first?.member == nil)
        try await fixture.backend.confirmClaim(nil, trip: trip.id, account: "user-ann")
        #expect(try await fixture.backend.pendingClaims().isEmpty)
        #expect(try await fixture.backend.me(trip: trip.id, named: nil) == nil)

        // A later pull: Ann's account claims Alex (Ben released him), Bea nobody.
        _ = try sync.apply(trip: trip.id, pushed: [], outcomes: [],
                           changes: RemoteChanges(revision: 6, items: [], claims: [members[0].id: "user-ann", members[1].id: nil]),
                           at: fixture.tick())
        #expect(try await fixture.backend.me(trip: trip.id, named: nil) == Me(member: members[0], source: .account))
        // A claim of a member this trip does not hold is skipped, not an error.
        _ = try sync.apply(trip: trip.id, pushed: [], outcomes: [],
                           changes: RemoteChanges(revision: 7, items: [], claims: [MemberID(StoreFixture.id()): "user-ann"]),
                           at: fixture.tick())
        #expect(try await fixture.backend.me(trip: trip.id, named: nil)?.member == members[0])

        // Unlinked, the trip keeps you, now as this device's choice.
        try sync.unlink(trip.id)
        #expect(try await fixture.backend.me(trip: trip.id, named: nil) == Me(member: members[0], source: .device))
    }
}
