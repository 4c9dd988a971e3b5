import Foundation
import SplitAPI

extension APIHandler {
    func listGroups(_ input: Operations.ListGroups.Input) async throws -> Operations.ListGroups.Output {
        let user = try AuthenticatedUser.required()
        let groups = try await services.groups.list(for: user.id)
        return .ok(.init(body: .json(.init(groups: groups.map(Self.wire)))))
    }

    func createGroup(_ input: Operations.CreateGroup.Input) async throws -> Operations.CreateGroup.Output {
        let user = try AuthenticatedUser.required()
        var name = "My Trip"
        var description: String?
        if case .json(let body) = input.body {
            if let given = body.name { name = try WireInput.name(given, field: "name") }
            description = try WireInput.text(body.description, field: "description")
        }
        let group = try await services.database.transaction { connection in
            try await services.groups.create(name: name, description: description, owner: user, on: connection)
        }
        return .created(.init(body: .json(.init(group: Self.wire(group)))))
    }

    func joinGroup(_ input: Operations.JoinGroup.Input) async throws -> Operations.JoinGroup.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let code = try WireInput.inviteCode(body.inviteCode)
        let group = try await services.groups.join(code: code, user: user)
        return .ok(.init(body: .json(.init(group: Self.wire(group)))))
    }
}
