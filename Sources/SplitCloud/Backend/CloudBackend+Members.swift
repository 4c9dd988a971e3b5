import SplitCore

/// Members are plain names on the server (`POST /api/groups/:gid/members`). Names are kept
/// unique per trip (case-insensitive), as in local mode; renaming and removing need
/// split-server's member endpoints.
extension CloudBackend {
    public func members(trip: TripID) async throws -> [Member] {
        try await client.members(group: trip)
    }

    /// Checks every name first, then creates them one by one (the API has no batch call).
    @discardableResult
    public func addMembers(_ members: [Member], trip: TripID, at: Timestamp) async throws -> [Member] {
        guard !members.isEmpty else { throw CloudError.invalid("give at least one member name") }
        var keys = Set(try await client.members(group: trip).map(\.nameKey))
        var names: [String] = []
        for member in members {
            let name = try WireValidation.name(member.name, member: true)
            guard keys.insert(Member.key(for: name)).inserted else { throw Self.duplicateMember(name) }
            names.append(name)
        }
        var created: [Member] = []
        for name in names {
            let member: Member
            do {
                member = try await client.addMember(group: trip, name: name)
            } catch {
                throw created.isEmpty ? error as any Error : PartialWriteError(stored: created.count, total: names.count, cause: error)
            }
            created.append(member)
        }
        return created
    }

    public func renameMember(_ id: MemberID, to newName: String, trip: TripID, at: Timestamp) async throws {
        let name = try WireValidation.name(newName, member: true)
        let others = try await client.members(group: trip).filter { $0.id != id }
        if others.contains(where: { $0.nameKey == Member.key(for: name) }) { throw Self.duplicateMember(name) }
        try await client.renameMember(group: trip, member: id, to: name)
    }

    public func removeMember(_ id: MemberID, trip: TripID, at: Timestamp) async throws {
        try await client.removeMember(group: trip, member: id)
    }

    static func duplicateMember(_ name: String) -> CloudError {
        .invalid("a member named '\(name)' already exists in this trip; names are unique (case-insensitive)")
    }
}
