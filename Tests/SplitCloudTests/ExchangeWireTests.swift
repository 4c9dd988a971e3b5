import Foundation
import SplitAPI
@testable import SplitCloud
import SplitCore
import Testing

/// Settle steps between the domain and the contract, without a server: a step goes out and
/// comes back equal; a server's step that does not read or breaks the step rule is held with
/// its reason, never written and never a stop; departures only count from a server that keeps them.
@Suite("settle steps and departures on the wire")
struct ExchangeWireTests {
    static let step = ExchangeStep(id: ExchangeID("5c1c36a0-0000-4000-8000-000000000001"), exchanges: [
        CurrencyExchange(id: ExchangeID("5c1c36a0-0000-4000-8000-000000000002"), step: ExchangeID("5c1c36a0-0000-4000-8000-000000000001"),
                         member: MemberID("m1"), from: Money(minorUnits: 2000, currency: try! Currency(code: "USD")),
                         to: Money(minorUnits: 750, currency: try! Currency(code: "KWD")), date: CivilDate(year: 2025, month: 1, day: 20)!),
        CurrencyExchange(id: ExchangeID("5c1c36a0-0000-4000-8000-000000000003"), step: ExchangeID("5c1c36a0-0000-4000-8000-000000000001"),
                         member: MemberID("m2"), from: Money(minorUnits: -2000, currency: try! Currency(code: "USD")),
                         to: Money(minorUnits: -750, currency: try! Currency(code: "KWD")), date: CivilDate(year: 2025, month: 1, day: 20)!),
    ])

    static func change(_ data: Components.Schemas.ExchangeStepData) -> Components.Schemas.ExchangeStepChange {
        .init(id: data.id, revision: 7, deleted: false, createdAt: "2025-01-20T09:00:00.000Z", exchanges: data.exchanges)
    }

    @Test("a step goes out and comes back as the same value, minor units exact")
    func roundTrip() {
        let item = ExchangeMapping.item(Self.change(ExchangeMapping.data(Self.step)))
        #expect(item.key == .exchanges(Self.step.id) && item.revision == 7 && item.held == nil)
        #expect(item.value == .exchanges(Self.step))
        let tombstone = ExchangeMapping.item(.init(id: Self.step.id.rawValue, revision: 9, deleted: true))
        #expect(tombstone.value == nil && tombstone.held == nil && tombstone.key == .exchanges(Self.step.id))
    }

    @Test("a server's step that does not sum to zero, or names an unknown currency, is held with the reason")
    func held() {
        var unbalanced = ExchangeMapping.data(Self.step)
        unbalanced.exchanges[1].toMinorUnits = -749
        let item = ExchangeMapping.item(Self.change(unbalanced))
        #expect(item.value == nil && item.held?.reason.contains("sum to zero") == true, "\(item)")
        var unknown = ExchangeMapping.data(Self.step)
        unknown.exchanges[0].fromCurrency = "XYZ"
        #expect(ExchangeMapping.item(Self.change(unknown)).held?.reason.contains("currency or date") == true)
        #expect(ExchangeMapping.item(Self.change(.init(id: Self.step.id.rawValue, exchanges: []))).held != nil)
    }

    @Test("a member's leftOn reads as its departure; a tombstone carries none")
    func departures() {
        let changes = SyncChanges(revision: 3, more: false, members: [
            .init(id: "m1", revision: 3, deleted: false, name: "Alex", leftOn: "2025-01-15"),
            .init(id: "m2", revision: 3, deleted: false, name: "Bea"),
            .init(id: "m3", revision: 3, deleted: true),
        ], expenses: [], payments: [], rates: [])
        let read = SyncMapping.changes(changes).departures
        #expect(read.count == 2 && read[MemberID("m1")] == CivilDate(year: 2025, month: 1, day: 15))
        #expect(read[MemberID("m2")] == .some(nil))
    }
}
