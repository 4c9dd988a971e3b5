import Foundation
import SplitAPI

extension APIHandler {
    func listGroups(_ input: Operations.ListGroups.Input) async throws -> Operations.ListGroups.Output {
        let user = try await AuthenticatedUser.required()
        let groups = try await services.groups.list(for: user.id)
        return .ok(.init(body: .json(.init(groups: groups.map(Self.wire)))))
    }

    func createGroup(_ input: Operations.CreateGroup.Input) async throws -> Operations.CreateGroup.Output {
        let user = try await AuthenticatedUser.required()
        var name = "My Trip"
        var description: String?
        var currency: String?
        if case .json(let body) = input.body {
            if let given = body.name { name = try WireInput.name(given, field: "name") }
            description = try WireInput.text(body.description, field: "description")
            currency = try body.currency.map { code throws(APIError) in try WireInput.currency(code).code }
        }
        let group = try await services.database.transaction { connection in
            try await services.groups.create(name: name, description: description, currency: currency, owner: user,
                                             on: connection)
        }
        return .created(.init(body: .json(.init(group: Self.wire(group)))))
    }

    func joinGroup(_ input: Operations.JoinGroup.Input) async throws -> Operations.JoinGroup.Output {
        let user = try await AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let code = try WireInput.inviteCode(body.inviteCode)
        let memberName = try body.memberName.map { name throws(APIError) in try WireInput.name(name, field: "memberName") }
        // One transaction: a claim refused (no such member, several, another account's) leaves
        // the caller outside the group, as if they had never asked.
        let group = try await services.database.transaction { connection in
            let group = try await services.groups.join(code: code, user: user, on: connection)
            if let memberName {
                _ = try await services.claims.claim(named: memberName, group: group, user: user.id, on: connection)
            }
            return group
        }
        return .ok(.init(body: .json(.init(group: Self.wire(group)))))
    }

    func deleteGroup(_ input: Operations.DeleteGroup.Input) async throws -> Operations.DeleteGroup.Output {
        let (user, group) = try await member(of: input.path.groupId)
        try await services.groups.delete(group, by: user.id)
        return .ok(.init(body: .json(.init(success: true))))
    }

    func updateGroup(_ input: Operations.UpdateGroup.Input) async throws -> Operations.UpdateGroup.Output {
        let (user, group) = try await member(of: input.path.groupId)
        let ifMatch = try RevisionTag.ifMatch(input.headers.ifMatch)
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let fields = try GroupFields(body)
        do {
            let record = try await write(group: group, user: user) { writer in
                try await writer.updateGroup(name: fields.name, description: fields.description, currency: fields.currency,
                                             ifMatch: ifMatch)
            }
            return .ok(.init(body: .json(.init(group: Self.wire(record)))))
        } catch let stale as StaleRevision {
            return .preconditionFailed(try Self.groupChanged(stale))
        }
    }
}

/// The validated fields of a group update; at least one must be given.
struct GroupFields {
    let name: String?
    /// nil: unchanged; `.some(nil)`: removed.
    let description: String??
    let currency: String?

    init(_ body: Components.Schemas.UpdateGroupRequest, field prefix: String = "") throws(APIError) {
        name = try body.name.map { text throws(APIError) in try WireInput.name(text, field: prefix + "name") }
        switch body.description {
        case .none: description = nil
        case .some(let text): description = .some(try WireInput.text(text, field: prefix + "description"))
        }
        currency = try body.currency.map { code throws(APIError) in try WireInput.currency(code, field: prefix + "currency").code }
        guard name != nil || description != nil || currency != nil else {
            throw .badRequest("\(prefix.isEmpty ? "the body" : String(prefix.dropLast()))"
                + " must give at least one of name, description and currency")
        }
    }
}
