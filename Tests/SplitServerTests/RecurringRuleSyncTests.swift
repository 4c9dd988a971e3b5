import Foundation
import SplitAPI
@testable import SplitServer
import Testing

/// Recurring rules on split-server (feature `recurring`): put and delete through the sync
/// batch, with SplitCore's checks, conditional writes and tombstones in the change feed.
@Suite("recurring rules in the sync batch and feed")
struct RecurringRuleSyncTests {
    static func put(_ id: String, payer: String, amount: String = "900", every: String = "month", ifMatch: Int64? = nil,
                    extra: String = "") -> String {
        let condition = ifMatch.map { #","ifMatch":\#($0)"# } ?? ""
        return #"{"opId":"\#(API.newID())","type":"putRecurringRule"\#(condition),"data":{"id":"\#(id)","description":"Rent","amount":\#(amount),"currency":"EUR","category":"Hotel","payers":{"mode":"exact","parts":[{"memberId":"\#(payer)","value":\#(amount)}]},"every":"\#(every)","on":"1","from":"2025-01-01","paused":false\#(extra)}}"#
    }

    @Test("/health lists recurring; a rule is stored, fed, checked with SplitCore's rules, edited on its revision and deleted to a tombstone")
    func putAndDelete() async throws {
        try await ServerHarness.run { api in
            let health = try await api.call(.get, "/health")
            #expect(health.body.contains("\"recurring\""), "\(health)")
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let rule = API.newID()
            let first = try await api.sync(token, group: group, ops: [Self.put(rule, payer: m["Alex"]!)])
            try #require(first.status == 200, "\(first)")
            let applied = try first.decode(Components.Schemas.SyncResponse.self)
            #expect(applied.results.map(\.status) == [.applied], "\(applied.results)")
            let fed = try #require(applied.changes.recurring?.first)
            #expect(fed.id == rule && fed.rule?.every == "month" && fed.rule?.payers.parts?.first?.memberId == m["Alex"]!)

            // Refused with the field named: the payers do not add up, a frequency that is none,
            // someone of no member of the group.
            let refused = try await api.sync(token, group: group, ops: [
                Self.put(API.newID(), payer: m["Alex"]!, extra: #","splitGiven":{"mode":"exact","parts":[{"memberId":"\#(m["Bea"]!)","value":800}]}"#),
                Self.put(API.newID(), payer: m["Alex"]!, every: "fortnight"),
                Self.put(API.newID(), payer: API.newID()),
            ])
            let results = try refused.decode(Components.Schemas.SyncResponse.self).results
            #expect(results.map(\.status) == [.rejected, .rejected, .rejected], "\(results)")
            #expect(results[1].error?.contains("fortnight") == true && results[2].error?.contains("payers") == true, "\(results)")

            // An edit on an old revision is a conflict carrying the rule as it is.
            let edit = try await api.sync(token, group: group, ops: [Self.put(rule, payer: m["Bea"]!, ifMatch: fed.revision)])
            #expect(try edit.decode(Components.Schemas.SyncResponse.self).results.map(\.status) == [.applied])
            let stale = try await api.sync(token, group: group, ops: [Self.put(rule, payer: m["Alex"]!, ifMatch: fed.revision)])
            let conflict = try #require(try stale.decode(Components.Schemas.SyncResponse.self).results.first)
            #expect(conflict.status == .conflict && conflict.current?.recurring?.rule?.payers.parts?.first?.memberId == m["Bea"]!,
                    "\(conflict)")

            let delete = try await api.sync(token, group: group, ops: [
                #"{"opId":"\#(API.newID())","type":"deleteRecurringRule","data":{"id":"\#(rule)"}}"#,
            ])
            let deleted = try delete.decode(Components.Schemas.SyncResponse.self)
            #expect(deleted.results.map(\.status) == [.applied])
            #expect(deleted.changes.recurring?.first?.deleted == true && deleted.changes.recurring?.first?.rule == nil)
            let all = try await api.changes(token, group: group)
            #expect(all.recurring?.map(\.deleted) == [true], "\(all.recurring as Any)")
        }
    }
}
