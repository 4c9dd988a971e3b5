import SplitCore
import SplitJSON

/// Groups (trips) and their members.
extension CloudClient {
    public func groups() async throws(CloudError) -> [CloudGroup] {
        let json = try await call(CloudRequest(.get, "/api/groups"), notFound: "the server has no /api/groups")
        do { return try WireDecoding.list(json, "groups", WireDecoding.group) } catch { throw bad(error) }
    }

    public func createGroup(name: String, description: String? = nil, key: String? = nil)
        async throws(CloudError) -> CloudGroup {
        var fields = [JSONMember("name", .string(name))]
        if let description { fields.append(JSONMember("description", .string(description))) }
        let request = try await write(.post, "/api/groups", body: .object(fields), key: key)
        let json = try await call(request, notFound: "the server has no /api/groups")
        do { return try WireDecoding.group(json["group"]) } catch { throw bad(error) }
    }

    /// The group's members, ordered by name (case-insensitive) then id, as local mode lists them.
    public func members(group: TripID) async throws(CloudError) -> [Member] {
        let json = try await call(CloudRequest(.get, "/api/groups/\(group.rawValue)/members"),
                                  notFound: Self.missingGroup(group))
        let members: [Member]
        do { members = try WireDecoding.list(json, "members", WireDecoding.member) } catch { throw bad(error) }
        return members.sorted { ($0.nameKey, $0.id) < ($1.nameKey, $1.id) }
    }

    public func addMember(group: TripID, name: String, key: String? = nil) async throws(CloudError) -> Member {
        let request = try await write(.post, "/api/groups/\(group.rawValue)/members",
                                      body: .object([JSONMember("name", .string(name))]), key: key)
        let json = try await call(request, notFound: Self.missingGroup(group))
        do { return try WireDecoding.member(json["member"]) } catch { throw bad(error) }
    }

    /// split-server only: `PATCH /api/groups/:gid/members/:mid`.
    public func renameMember(group: TripID, member: MemberID, to name: String) async throws(CloudError) {
        try await require(.memberEdit, for: "rename members")
        let request = try await write(.patch, "/api/groups/\(group.rawValue)/members/\(member.rawValue)",
                                      body: .object([JSONMember("name", .string(name))]), key: nil)
        _ = try await call(request, notFound: "member \(member.short) is not in this trip on the server")
    }

    /// split-server only: `DELETE /api/groups/:gid/members/:mid` (409 while the member is in use).
    public func removeMember(group: TripID, member: MemberID) async throws(CloudError) {
        try await require(.memberEdit, for: "remove members")
        _ = try await call(CloudRequest(.delete, "/api/groups/\(group.rawValue)/members/\(member.rawValue)"),
                           notFound: "member \(member.short) is not in this trip on the server")
    }

    static func missingGroup(_ group: TripID) -> String {
        "trip \(group.short) does not exist on the server (or you may not use it); list trips with: split trip list"
    }
}
