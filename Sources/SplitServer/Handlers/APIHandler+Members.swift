import Foundation
import SplitAPI

extension APIHandler {
    func listMembers(_ input: Operations.ListMembers.Input) async throws -> Operations.ListMembers.Output {
        let (_, group) = try await member(of: input.path.groupId)
        let members = try await services.members.list(group: group)
        return .ok(.init(body: .json(.init(members: members.map(Self.wire)))))
    }

    func addMember(_ input: Operations.AddMember.Input) async throws -> Operations.AddMember.Output {
        let (_, group) = try await member(of: input.path.groupId)
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let name = try WireInput.name(body.name, field: "name")
        let member = try await services.database.transaction { connection in
            try await services.members.add(name: name, group: group, on: connection)
        }
        return .created(.init(body: .json(.init(member: Self.wire(member)))))
    }

    func renameMember(_ input: Operations.RenameMember.Input) async throws -> Operations.RenameMember.Output {
        let (_, group) = try await member(of: input.path.groupId)
        let memberID = try WireInput.uuid(input.path.memberId, field: "memberId")
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let name = try WireInput.name(body.name, field: "name")
        let member = try await services.members.rename(member: memberID, group: group, to: name)
        return .ok(.init(body: .json(.init(member: Self.wire(member)))))
    }

    func removeMember(_ input: Operations.RemoveMember.Input) async throws -> Operations.RemoveMember.Output {
        let (_, group) = try await member(of: input.path.groupId)
        let memberID = try WireInput.uuid(input.path.memberId, field: "memberId")
        try await services.members.remove(member: memberID, group: group)
        return .ok(.init(body: .json(.init(success: true))))
    }
}
