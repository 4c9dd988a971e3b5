import Foundation
import SplitAPI

/// Read-only links (`split share`). Any member of the group may make, see and revoke its link;
/// the access check is the one every group route runs, so another group's member gets its 403.
extension APIHandler {
    func createShareLink(_ input: Operations.CreateShareLink.Input) async throws -> Operations.CreateShareLink.Output {
        let (user, group) = try await member(of: input.path.groupId)
        let (token, createdAt) = try await services.shareLinks.create(group: group, by: user.id)
        return .created(.init(body: .json(.init(token: token, path: SharePageRoute.pathPrefix + token,
                                                createdAt: Self.iso8601(createdAt)))))
    }

    func getShareLink(_ input: Operations.GetShareLink.Input) async throws -> Operations.GetShareLink.Output {
        let (_, group) = try await member(of: input.path.groupId)
        let createdAt = try await services.shareLinks.createdAt(group: group)
        return .ok(.init(body: .json(.init(createdAt: Self.iso8601(createdAt)))))
    }

    func revokeShareLink(_ input: Operations.RevokeShareLink.Input) async throws -> Operations.RevokeShareLink.Output {
        let (_, group) = try await member(of: input.path.groupId)
        try await services.shareLinks.revoke(group: group)
        return .ok(.init(body: .json(.init(success: true))))
    }

    /// Served by ``SharePageRoute``, which ``FilteringTransport`` keeps this stub from shadowing.
    func getSharedPage(_ input: Operations.GetSharedPage.Input) async throws -> Operations.GetSharedPage.Output {
        throw ShareLinkError.unknownLink
    }
}
