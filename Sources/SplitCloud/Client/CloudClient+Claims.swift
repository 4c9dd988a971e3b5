import SplitAPI
import SplitCore

/// Member claims: which member of a trip this account is (split-server's "claims").
extension CloudClient {
    /// `PUT /api/groups/:gid/members/:mid/claim`: this account claims `member`, and releases
    /// the member of the trip it claimed before, if any. A member another account claims is
    /// ``CloudError/refused(status:detail:)`` with status 409 and the server's reason.
    public func claimMember(group: String, member: MemberID) async throws(CloudError) -> CloudMember {
        try await require(.claims, for: "claim members")
        let operation = "PUT /api/groups/\(group)/members/\(member.rawValue)/claim"
        let output = try await call(operation, notFound: Self.missingMember(member, group: group)) {
            try await $0.claimMember(path: .init(groupId: group, memberId: member.rawValue))
        }
        switch output {
        case .ok(let ok): return GroupMapping.claimed(try answer { try ok.body.json.member })
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    /// `DELETE /api/groups/:gid/members/:mid/claim`: this account releases its claim on
    /// `member`; a member nobody claims is answered as it is. A member another account claims
    /// is ``CloudError/refused(status:detail:)`` with status 409.
    public func releaseClaim(group: String, member: MemberID) async throws(CloudError) -> CloudMember {
        try await require(.claims, for: "release member claims")
        let operation = "DELETE /api/groups/\(group)/members/\(member.rawValue)/claim"
        let output = try await call(operation, notFound: Self.missingMember(member, group: group)) {
            try await $0.releaseClaim(path: .init(groupId: group, memberId: member.rawValue))
        }
        switch output {
        case .ok(let ok): return GroupMapping.claimed(try answer { try ok.body.json.member })
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    static func missingMember(_ member: MemberID, group: String) -> String {
        "member \(member.short) is not in trip \(TripID(group).short) on the server (or you may not use the trip); "
            + "pull its members with: split sync"
    }
}
