import Foundation
import SplitCore
import Testing
@testable import SplitStore

/// Every trip in one read (`split friends`): the same you, members and balances as each
/// trip's own reads, and `me.name` by the one rule.
@Suite("every trip in one read")
struct YourTripsTests {
    @Test("yourTrips agrees with each trip's own reads; me.name applies where the trip says nothing, by name key with accents folded")
    func agreesWithSingleTripReads() async throws {
        var fixture = try StoreFixture()
        let backend = fixture.backend
        let (named, a) = try await fixture.trip(["Alex", "Béa", "Chen"])
        let (chosen, b) = try await fixture.trip(["BEA", "Dana"], currency: "EUR")
        let (cleared, c) = try await fixture.trip(["bea", "Eli"])
        let (linked, d) = try await fixture.trip(["Bea", "Fay"])
        let (unknown, _) = try await fixture.trip(["Gus", "Hal"])
        _ = try await backend.addExpenses([try StoreFixture.expense(900, paidBy: a[0], among: a)], trip: named.id, at: fixture.tick())
        _ = try await backend.addExpenses([try StoreFixture.expense(1000, "EUR", paidBy: b[1], among: b)], trip: chosen.id,
                                          at: fixture.tick())
        try await backend.setMe(b[1].id, trip: chosen.id, at: fixture.tick())
        try await backend.setMe(nil, trip: cleared.id, at: fixture.tick())
        let sync = LocalBackend(database: backend.database)
        try sync.linkTrip(linked.id, server: "http://127.0.0.1:1", account: "user-ann", group: linked.id.rawValue,
                          syncProtocol: .feed, at: fixture.tick())
        _ = try sync.apply(trip: linked.id, pushed: [], outcomes: [],
                           changes: RemoteChanges(revision: 3, items: [], claims: [d[1].id: "user-ann", d[0].id: "user-bea"]),
                           at: fixture.tick())

        let all = try await backend.yourTrips(meName: " bea ")
        #expect(Set(all.map(\.trip.id)) == [named.id, chosen.id, cleared.id, linked.id, unknown.id])
        for trip in all {
            let me = try await backend.me(trip: trip.trip.id, named: " bea ")
            #expect(trip.me == me, "\(trip.trip.name)")
            #expect(trip.members == (try await backend.members(trip: trip.trip.id)))
            #expect(trip.balances == (try await backend.balances(trip: trip.trip.id)))
        }
        func me(_ trip: Trip) -> Me? { all.first { $0.trip.id == trip.id }?.me }
        #expect(me(named) == Me(member: a[1], source: .name))
        #expect(me(chosen) == Me(member: b[1], source: .device), "member me wins over me.name")
        #expect(me(cleared) == nil, "cleared with member me --clear: nobody, even with me.name")
        #expect(me(linked) == Me(member: d[1], source: .account), "the account's claim wins over me.name")
        #expect(me(unknown) == nil, "no member of that name: no you")
        #expect(all.first { $0.trip.id == linked.id }?.accounts == [d[0].id: "http://127.0.0.1:1 user-bea",
                                                                    d[1].id: "http://127.0.0.1:1 user-ann"])
        // Without me.name, only the trips that say so know you.
        #expect(try await backend.yourTrips(meName: nil).filter { $0.me != nil }.map(\.trip.id).sorted() == [chosen.id, linked.id].sorted())
    }
}
