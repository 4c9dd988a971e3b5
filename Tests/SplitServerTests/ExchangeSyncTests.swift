import Foundation
import HTTPTypes
import SplitAPI
@testable import SplitServer
import Testing

/// Settle steps (feature `conversions`): recorded and removed through the batch sync, in the
/// change feed and the balances, checked by SplitCore's step rule.
@Suite("split-server currency exchanges", .serialized)
struct ExchangeSyncTests {
    /// One exchange of a step, as the wire writes it.
    static func exchange(_ member: String, from: Int64, _ fromCurrency: String = "USD", to: Int64, _ toCurrency: String = "JPY",
                         id: String = API.newID()) -> String {
        #"{"id":"\#(id)","memberId":"\#(member)","fromMinorUnits":\#(from),"fromCurrency":"\#(fromCurrency)","toMinorUnits":\#(to),"toCurrency":"\#(toCurrency)","exchangeDate":"2025-01-20"}"#
    }

    static func record(step: String, _ exchanges: [String], op: String = API.newID()) -> String {
        #"{"opId":"\#(op)","type":"recordExchanges","data":{"id":"\#(step)","exchanges":[\#(exchanges.joined(separator: ","))]}}"#
    }

    static func remove(step: String) -> String {
        #"{"opId":"\#(API.newID())","type":"removeExchanges","data":{"id":"\#(step)"}}"#
    }

    /// Alex paid USD 20 for Bea: Alex is owed 2000 cents, Bea owes them.
    static func usdTrip(_ api: API) async throws -> (token: String, group: String, members: [String: String]) {
        let (token, group, m) = try await api.trip(["Alex", "Bea"])
        try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: "20", currency: "USD", splits: [(m["Bea"]!, "20")])
        return (token, group, m)
    }

    static func nets(_ api: API, _ token: String, group: String, currency: String) async throws -> [String: Double] {
        let reply = try await api.call(.get, "/api/groups/\(group)/balances?currency=\(currency)", token: token)
        #expect(reply.status == .ok, "\(reply)")
        var nets: [String: Double] = [:]
        for balance in try reply.decode(Components.Schemas.Settlement.self).balances { nets[balance.memberName] = balance.netBalance }
        return nets
    }

    @Test("a step goes in through the batch, shows in the feed and the balances, keeps its members, and leaves a tombstone when removed")
    func recordAndRemove() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await Self.usdTrip(api)
            let start = try await api.changes(token, group: group).revision
            let step = API.newID()
            let ops = [Self.record(step: step, [Self.exchange(m["Alex"]!, from: 2000, to: 3000),
                                                 Self.exchange(m["Bea"]!, from: -2000, to: -3000)])]
            let reply = try await api.sync(token, group: group, since: start, ops: ops)
            let answer = try reply.decode(Components.Schemas.SyncResponse.self)
            #expect(answer.results.map(\.status) == [.applied], "\(reply)")
            let fed = try #require(answer.changes.exchanges?.first)
            #expect(fed.id == step && fed.deleted == false && fed.exchanges?.count == 2, "\(fed)")
            #expect(Set(fed.exchanges?.map(\.toMinorUnits) ?? []) == [3000, -3000])
            #expect(try await Self.nets(api, token, group: group, currency: "USD") == ["Alex": 0, "Bea": 0])
            #expect(try await Self.nets(api, token, group: group, currency: "JPY") == ["Alex": 3000, "Bea": -3000])

            // The same step again under a new opId: its id is taken.
            let retry = try await api.sync(token, group: group, ops: [Self.record(step: step, [
                Self.exchange(m["Alex"]!, from: 1, to: 1), Self.exchange(m["Bea"]!, from: -1, to: -1)])])
            let refusal = try retry.decode(Components.Schemas.SyncResponse.self).results
            #expect(refusal.first?.status == .rejected && refusal.first?.error?.contains("already used") == true, "\(refusal)")

            // A member holding exchanges is not removed, like one in expenses.
            let delete = try await api.call(.delete, "/api/groups/\(group)/members/\(m["Bea"]!)", token: token)
            #expect(delete.status == .conflict && delete.error?.contains("currency exchange") == true, "\(delete)")

            let before = try await api.changes(token, group: group).revision
            let removed = try await api.sync(token, group: group, since: before, ops: [Self.remove(step: step)])
            let removal = try removed.decode(Components.Schemas.SyncResponse.self)
            #expect(removal.results.map(\.status) == [.applied], "\(removed)")
            #expect(removal.changes.exchanges?.map(\.deleted) == [true] && removal.changes.exchanges?.first?.id == step)
            #expect(try await Self.nets(api, token, group: group, currency: "USD") == ["Alex": 20, "Bea": -20])
            // A removed step's id is not taken again; removing it again reaches what was wanted.
            let reused = try await api.sync(token, group: group, ops: [Self.record(step: step, [
                Self.exchange(m["Alex"]!, from: 2000, to: 3000), Self.exchange(m["Bea"]!, from: -2000, to: -3000)])])
            let reuse = try reused.decode(Components.Schemas.SyncResponse.self).results.first
            #expect(reuse?.status == .rejected && reuse?.error?.contains("deleted") == true, "\(reused)")
            let twice = try await api.sync(token, group: group, ops: [Self.remove(step: step)])
            #expect(try twice.decode(Components.Schemas.SyncResponse.self).results.first?.status == .rejected, "\(twice)")
        }
    }

    @Test("a step is checked by SplitCore's rule and the group: sums, currencies, members and ids; each refusal names the reason")
    func validation() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await Self.usdTrip(api)
            let (_, _, other) = try await api.trip(["Zed"], user: "Zoe")
            let (alex, bea) = (m["Alex"]!, m["Bea"]!)
            let cases: [(String, String)] = [
                (Self.record(step: API.newID(), [Self.exchange(alex, from: 2000, to: 3000), Self.exchange(bea, from: -2000, to: -2999)]),
                 "sum to zero in every currency; in JPY"),
                (Self.record(step: API.newID(), [Self.exchange(alex, from: 5, "USD", to: 5, "USD")]), "between two currencies"),
                (Self.record(step: API.newID(), [Self.exchange(alex, from: 0, to: 0)]), "must move an amount"),
                (Self.record(step: API.newID(), [Self.exchange(alex, from: 1, "XYZ", to: 1)]), "fromCurrency 'XYZ' is not accepted"),
                (Self.record(step: API.newID(), [Self.exchange(alex, from: 2_000_000_000_000_000, to: 1),
                                                 Self.exchange(bea, from: -2_000_000_000_000_000, to: -1)]), "at most 10^15"),
                (Self.record(step: API.newID(), [Self.exchange(other["Zed"]!, from: 1, to: 1), Self.exchange(alex, from: -1, to: -1)]),
                 "is not a member of this group"),
                (Self.record(step: "not-a-uuid", [Self.exchange(alex, from: 1, to: 1)]), "data.id 'not-a-uuid' is not a UUID"),
                (Self.record(step: API.newID(), [Self.exchange(alex, from: 1, to: 1, id: "x"), Self.exchange(bea, from: -1, to: -1)]),
                 "exchanges[0].id 'x' is not a UUID"),
                (Self.record(step: API.newID(), []), "at least one currency exchange"),
            ]
            for (op, reason) in cases {
                let reply = try await api.sync(token, group: group, ops: [op])
                #expect(reply.status == .ok, "\(reply)")
                let result = try reply.decode(Components.Schemas.SyncResponse.self).results.first
                #expect(result?.status == .rejected && result?.error?.contains(reason) == true, "\(reason): \(reply)")
            }
            let id = API.newID()
            let same = try await api.sync(token, group: group, ops: [Self.record(step: API.newID(), [
                Self.exchange(alex, from: 1, to: 1, id: id), Self.exchange(bea, from: -1, to: -1, id: id)])])
            #expect(try same.decode(Components.Schemas.SyncResponse.self).results.first?.error?.contains("appears twice") == true,
                    "\(same)")
            #expect(try await api.changes(token, group: group).exchanges?.isEmpty == true, "nothing refused was stored")
            #expect(try await Self.nets(api, token, group: group, currency: "USD") == ["Alex": 20, "Bea": -20])

            // Someone who is not a member of the group reaches none of it.
            let stranger = try await api.register("Mallory").token
            let outside = try await api.sync(stranger, group: group, ops: [
                Self.record(step: API.newID(), [Self.exchange(alex, from: 1, to: 1), Self.exchange(bea, from: -1, to: -1)])])
            #expect(outside.status == .forbidden || outside.status == .notFound, "\(outside)")
            #expect(try await api.changes(token, group: group).exchanges?.isEmpty == true)
        }
    }

    @Test("/health lists conversions")
    func health() async throws {
        try await ServerHarness.run { api in
            let health = try await api.call(.get, "/health")
            #expect(health.json["features"].arrayValue?.contains(.string("conversions")) == true, "\(health)")
        }
    }
}
