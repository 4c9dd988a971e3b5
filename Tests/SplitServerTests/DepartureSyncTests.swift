import Foundation
import HTTPTypes
import SplitAPI
@testable import SplitServer
import Testing

/// The day a member moved out (feature `departures`): set and cleared by the `setDeparture`
/// op, fed as the member's `leftOn`.
@Suite("split-server member departures", .serialized)
struct DepartureSyncTests {
    static func setDeparture(_ member: String, _ day: String?) -> String {
        let leftOn = day.map { #","leftOn":"\#($0)""# } ?? ""
        return #"{"opId":"\#(API.newID())","type":"setDeparture","data":{"memberId":"\#(member)"\#(leftOn)}}"#
    }

    @Test("setDeparture sets and clears leftOn, which the feed sends with the member; bad input is refused by name")
    func setAndClear() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let start = try await api.changes(token, group: group).revision
            let left = try await api.sync(token, group: group, since: start, ops: [Self.setDeparture(m["Bea"]!, "2025-01-15")])
            let answer = try left.decode(Components.Schemas.SyncResponse.self)
            #expect(answer.results.map(\.status) == [.applied], "\(left)")
            #expect(answer.changes.members.map(\.leftOn) == ["2025-01-15"] && answer.changes.members.first?.id == m["Bea"])
            #expect(try await api.changes(token, group: group).members.first { $0.id == m["Alex"] }?.leftOn == nil)

            let back = try await api.sync(token, group: group, since: answer.changes.revision, ops: [Self.setDeparture(m["Bea"]!, nil)])
            let cleared = try back.decode(Components.Schemas.SyncResponse.self)
            #expect(cleared.results.map(\.status) == [.applied])
            #expect(cleared.changes.members.count == 1 && cleared.changes.members.first?.leftOn == nil, "\(back)")

            let (_, _, other) = try await api.trip(["Zed"], user: "Zoe")
            for (op, reason) in [(Self.setDeparture(other["Zed"]!, "2025-01-15"), "not found in this group"),
                                 (Self.setDeparture(m["Bea"]!, "15/01/2025"), "leftOn '15/01/2025' is not a date"),
                                 (Self.setDeparture("nobody", "2025-01-15"), "memberId 'nobody' is not a UUID")] {
                let reply = try await api.sync(token, group: group, ops: [op])
                let result = try reply.decode(Components.Schemas.SyncResponse.self).results.first
                #expect(result?.status == .rejected && result?.error?.contains(reason) == true, "\(reason): \(reply)")
            }
        }
    }
}
