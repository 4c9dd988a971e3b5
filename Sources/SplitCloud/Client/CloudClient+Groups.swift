import SplitAPI
import SplitCore

/// Groups (trips) and their members.
extension CloudClient {
    public func groups() async throws(CloudError) -> [CloudGroup] {
        let operation = "GET /api/groups"
        let output = try await call(operation, notFound: "the server has no /api/groups") { try await $0.listGroups() }
        switch output {
        case .ok(let ok): return try answer { try ok.body.json.groups }.map(GroupMapping.group)
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    public func createGroup(name: String, description: String? = nil, key: String? = nil)
        async throws(CloudError) -> CloudGroup {
        let operation = "POST /api/groups"
        let body = Components.Schemas.CreateGroupRequest(name: name, description: description)
        let output = try await call(operation, repeatable: try await keysHonoured(), notFound: "the server has no /api/groups") {
            try await $0.createGroup(headers: .init(idempotencyKey: key), body: .json(body))
        }
        switch output {
        case .created(let created): return GroupMapping.group(try answer { try created.body.json.group })
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    /// The group's members, ordered by name (case-insensitive) then id, as local mode lists them.
    public func members(group: TripID) async throws(CloudError) -> [Member] {
        let operation = "GET /api/groups/\(group.rawValue)/members"
        let output = try await call(operation, notFound: Self.missingGroup(group)) {
            try await $0.listMembers(path: .init(groupId: group.rawValue))
        }
        switch output {
        case .ok(let ok):
            let members = try answer { try ok.body.json.members }.map(GroupMapping.member)
            return members.sorted { ($0.nameKey, $0.id) < ($1.nameKey, $1.id) }
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    public func addMember(group: TripID, name: String, key: String? = nil) async throws(CloudError) -> Member {
        let operation = "POST /api/groups/\(group.rawValue)/members"
        let output = try await call(operation, repeatable: try await keysHonoured(), notFound: Self.missingGroup(group)) {
            try await $0.addMember(path: .init(groupId: group.rawValue), headers: .init(idempotencyKey: key),
                                   body: .json(.init(name: name)))
        }
        switch output {
        case .created(let created): return GroupMapping.member(try answer { try created.body.json.member })
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }
}

/// Invites.
extension CloudClient {
    /// `POST /api/groups/join`: joins the group with this invite code (split-server only).
    /// With `memberName`, also claims that member (``claimMember(group:member:)``) in the same
    /// transaction: when the server refuses the claim (no such member, several, another
    /// account's), ``CloudError/refused(status:detail:)`` carries its reason and nothing is joined.
    public func joinGroup(code: String, memberName: String? = nil) async throws(CloudError) -> CloudGroup {
        if memberName != nil { try await require(.claims, for: "join a trip as one of its members") }
        let operation = "POST /api/groups/join"
        let output = try await call(operation, repeatable: true, notFound: "no cloud trip has the invite code \(code)") {
            try await $0.joinGroup(body: .json(.init(inviteCode: code, memberName: memberName)))
        }
        switch output {
        case .ok(let ok): return GroupMapping.group(try answer { try ok.body.json.group })
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }
}

/// Deleting a whole cloud trip.
extension CloudClient {
    /// `DELETE /api/groups/:gid` (split-server only; its owner only). Already gone counts as done.
    public func deleteGroup(_ group: TripID) async throws(CloudError) {
        try await require(.sync, for: "delete cloud trips")
        let operation = "DELETE /api/groups/\(group.rawValue)"
        let output: Operations.DeleteGroup.Output
        do {
            output = try await call(operation, repeatable: true, notFound: "gone") {
                try await $0.deleteGroup(path: .init(groupId: group.rawValue))
            }
        } catch .notFound {
            return
        }
        switch output {
        case .ok: return
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }
}
