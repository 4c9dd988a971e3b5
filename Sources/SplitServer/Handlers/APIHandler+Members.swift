import Foundation
import SplitAPI

extension APIHandler {
    func listMembers(_ input: Operations.ListMembers.Input) async throws -> Operations.ListMembers.Output {
        let (_, group, revision) = try await access(input.path.groupId)
        if let unchanged = Self.notModified(input.headers.ifNoneMatch, revision: revision) { return .notModified(unchanged) }
        let members = try await services.members.list(group: group)
        return .ok(.init(body: .json(.init(members: members.map(Self.wire)))))
    }

    func addMember(_ input: Operations.AddMember.Input) async throws -> Operations.AddMember.Output {
        let (user, group) = try await member(of: input.path.groupId)
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let name = try WireInput.name(body.name, field: "name")
        let id = try Self.clientID(body.id)
        let (member, created) = try await write(group: group, user: user) { writer in
            try await writer.createMember(id: id, name: name)
        }
        let envelope = Components.Schemas.MemberEnvelope(member: Self.wire(member))
        return created ? .created(.init(body: .json(envelope))) : .ok(.init(body: .json(envelope)))
    }

    func renameMember(_ input: Operations.RenameMember.Input) async throws -> Operations.RenameMember.Output {
        let (user, group) = try await member(of: input.path.groupId)
        let memberID = try WireInput.uuid(input.path.memberId, field: "memberId")
        let ifMatch = try RevisionTag.ifMatch(input.headers.ifMatch)
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let name = try WireInput.name(body.name, field: "name")
        do {
            let member = try await write(group: group, user: user) { writer in
                try await writer.renameMember(memberID, to: name, ifMatch: ifMatch)
            }
            return .ok(.init(body: .json(.init(member: Self.wire(member)))))
        } catch let stale as StaleRevision {
            return .preconditionFailed(try Self.memberChanged(stale))
        }
    }

    func removeMember(_ input: Operations.RemoveMember.Input) async throws -> Operations.RemoveMember.Output {
        let (user, group) = try await member(of: input.path.groupId)
        let memberID = try WireInput.uuid(input.path.memberId, field: "memberId")
        let ifMatch = try RevisionTag.ifMatch(input.headers.ifMatch)
        do {
            try await write(group: group, user: user) { writer in try await writer.removeMember(memberID, ifMatch: ifMatch) }
            return .ok(.init(body: .json(.init(success: true))))
        } catch let stale as StaleRevision {
            return .preconditionFailed(try Self.memberChanged(stale))
        }
    }
}
