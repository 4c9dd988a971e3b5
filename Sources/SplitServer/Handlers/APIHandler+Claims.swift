import Foundation
import SplitAPI

/// Member claims: which member of a trip the caller is (``MemberClaims``).
extension APIHandler {
    func claimMember(_ input: Operations.ClaimMember.Input) async throws -> Operations.ClaimMember.Output {
        let (user, group) = try await member(of: input.path.groupId)
        let memberID = try WireInput.uuid(input.path.memberId, field: "memberId")
        let member = try await services.database.transaction { connection in
            try await services.claims.claim(memberID, group: group, user: user.id, on: connection)
        }
        return .ok(.init(body: .json(.init(member: Self.wire(member)))))
    }

    func releaseClaim(_ input: Operations.ReleaseClaim.Input) async throws -> Operations.ReleaseClaim.Output {
        let (user, group) = try await member(of: input.path.groupId)
        let memberID = try WireInput.uuid(input.path.memberId, field: "memberId")
        let member = try await services.database.transaction { connection in
            try await services.claims.release(memberID, group: group, user: user.id, on: connection)
        }
        return .ok(.init(body: .json(.init(member: Self.wire(member)))))
    }
}
