import Foundation
import SplitCore
@testable import SplitStore
import Testing

/// What a pull does with a server's settle steps and departures: a step is written once, in
/// the balances, and goes with its tombstone; one naming a stranger is held, never written;
/// a departure is taken unless this device's own change to the member still waits.
@Suite("pulled settle steps and departures")
struct ExchangePullTests {
    static func step(_ members: [Member], id: String = StoreFixture.id()) throws -> ExchangeStep {
        let step = ExchangeID(id), usd = try Currency(code: "USD"), jpy = try Currency(code: "JPY")
        let day = CivilDate(year: 2025, month: 1, day: 20)!
        return ExchangeStep(id: step, exchanges: [
            CurrencyExchange(id: ExchangeID(StoreFixture.id()), step: step, member: members[0].id,
                             from: Money(minorUnits: 2000, currency: usd), to: Money(minorUnits: 3000, currency: jpy), date: day),
            CurrencyExchange(id: ExchangeID(StoreFixture.id()), step: step, member: members[1].id,
                             from: Money(minorUnits: -2000, currency: usd), to: Money(minorUnits: -3000, currency: jpy), date: day),
        ])
    }

    @Test("a step is written once, counts in the balances, and its tombstone takes it away")
    func writtenOnce() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        let store = fixture.backend
        try store.linkTrip(trip.id, server: "http://127.0.0.1:1", account: "a", group: "g", syncProtocol: .feed, at: fixture.tick())
        let step = try Self.step(members)
        let item = RemoteItem(key: .exchanges(step.id), revision: 2, value: .exchanges(step))
        for _ in 0..<2 {
            _ = try store.apply(trip: trip.id, pushed: [], outcomes: [], changes: RemoteChanges(revision: 2, items: [item]),
                                at: fixture.tick())
        }
        #expect(try await store.exchanges(trip: trip.id).count == 2)
        let jpy = try #require(try await store.balances(trip: trip.id).first { $0.currency.code == "JPY" })
        #expect(jpy.balances.map(\.net).sorted() == [-3000, 3000])
        _ = try store.apply(trip: trip.id, pushed: [], outcomes: [], changes: RemoteChanges(revision: 3, items: [
            RemoteItem(key: .exchanges(step.id), revision: 3, value: nil)]), at: fixture.tick())
        #expect(try await store.exchanges(trip: trip.id).isEmpty)
        #expect(try await store.balances(trip: trip.id).allSatisfy { $0.balances.allSatisfy { $0.net == 0 } })
    }

    @Test("a step naming someone who is not in the trip is held, and nothing of it written")
    func stranger() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        let store = fixture.backend
        try store.linkTrip(trip.id, server: "http://127.0.0.1:1", account: "a", group: "g", syncProtocol: .feed, at: fixture.tick())
        let step = try Self.step([members[0], Member(id: MemberID(StoreFixture.id()), name: "Zed")])
        let tally = try store.apply(trip: trip.id, pushed: [], outcomes: [], changes: RemoteChanges(revision: 2, items: [
            RemoteItem(key: .exchanges(step.id), revision: 2, value: .exchanges(step))]), at: fixture.tick())
        #expect(tally.held == 1)
        #expect(try await store.exchanges(trip: trip.id).isEmpty)
    }

    @Test("a departure is taken, and cleared, unless the member's own change waits here")
    func departures() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        let store = fixture.backend
        try store.linkTrip(trip.id, server: "http://127.0.0.1:1", account: "a", group: "g", syncProtocol: .feed, at: fixture.tick())
        let day = CivilDate(year: 2025, month: 1, day: 15)!
        _ = try store.apply(trip: trip.id, pushed: [], outcomes: [], changes: RemoteChanges(
            revision: 2, items: [], departures: [members[0].id: day, members[1].id: nil]), at: fixture.tick())
        #expect(try await store.departures(trip: trip.id) == [members[0].id: day])
        // Bea leaves here; the server's "lives here" for her must not undo it before it is sent.
        try await store.setDeparture(members[1].id, from: day, trip: trip.id, at: fixture.tick())
        _ = try store.apply(trip: trip.id, pushed: [], outcomes: [], changes: RemoteChanges(
            revision: 3, items: [], departures: [members[0].id: nil, members[1].id: nil]), at: fixture.tick())
        #expect(try await store.departures(trip: trip.id) == [members[1].id: day])
        #expect(try store.pending(trip.id, limit: 10).map(\.operation) == [.setDeparture(member: members[1].id, leftOn: day)])
    }
}
