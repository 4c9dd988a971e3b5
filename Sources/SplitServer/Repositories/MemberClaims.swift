import Foundation
import PostgresNIO

/// Which account each member is (`members.user_id`): claims, releases, and the claim by name
/// of a join.
///
/// **One claim per account and group.** Claiming a member releases the caller's claim on any
/// other member of the group in the same write, so a person is one member of a trip.
///
/// **Why the group's row lock comes first.** A claim reads the member and the caller's other
/// claim, then writes. Every write to a group locks the group's row before anything else
/// (``GroupRepository/bump(_:on:)``), so taking that lock before reading puts a claim in line
/// with every other write: two claims of one member, or two devices of one account, cannot
/// both pass. The revision is bumped only once something will change: a repeated claim, or a
/// release of a member nobody claims, writes nothing and moves no revision, so a client
/// polling the feed sees nothing new.
struct MemberClaims: Sendable {
    let database: ServerDatabase
    let groups: GroupRepository

    /// The caller claims `member`; their other claim in the group, if any, is released.
    /// ``MemberError/notFound(member:)`` when the member is not in the group,
    /// ``MemberError/claimedByOther(name:)`` when another account claims it.
    func claim(_ member: UUID, group: UUID, user: UUID, on connection: PostgresConnection) async throws -> MemberRecord {
        try await lock(group, on: connection)
        let current = try await locked(member, group: group, on: connection)
        if current.userID == user { return current }
        guard current.userID == nil else { throw MemberError.claimedByOther(name: current.name) }
        let revision = try await groups.bump(group, on: connection)
        try await connection.query("""
            UPDATE members SET user_id = NULL, revision = \(revision)
            WHERE group_id = \(group) AND user_id = \(user) AND id <> \(member)
            """, logger: database.logger)
        return try await set(member, user: user, revision: revision, on: connection)
    }

    /// The caller releases their claim on `member`. ``MemberError/notFound(member:)`` when the
    /// member is not in the group, ``MemberError/releaseOfOthersClaim(name:)`` when another account claims it.
    func release(_ member: UUID, group: UUID, user: UUID, on connection: PostgresConnection) async throws -> MemberRecord {
        try await lock(group, on: connection)
        let current = try await locked(member, group: group, on: connection)
        guard let claimant = current.userID else { return current }
        guard claimant == user else {
            throw MemberError.releaseOfOthersClaim(name: current.name)
        }
        let revision = try await groups.bump(group, on: connection)
        return try await set(member, user: nil, revision: revision, on: connection)
    }

    /// The caller claims the member of `group` called `name` (``MemberName``): the
    /// ``MemberError`` of the match when no member or several are, or of the claim.
    func claim(named name: String, group: GroupRecord, user: UUID, on connection: PostgresConnection)
        async throws -> MemberRecord {
        try await lock(group.id, on: connection)
        let members = try await MemberRepository.records(connection.query("""
            SELECT \(unescaped: MemberRepository.columns) FROM members WHERE group_id = \(group.id)
            """, logger: database.logger))
        let member = try MemberName.match(name, among: members, group: group.name)
        return try await claim(member.id, group: group.id, user: user, on: connection)
    }

    /// Locks the group's row until the transaction ends, as every write to the group does first.
    func lock(_ group: UUID, on connection: PostgresConnection) async throws {
        let rows = try await connection.query("SELECT 1 FROM trip_groups WHERE id = \(group) FOR UPDATE", logger: database.logger)
        for try await _ in rows { return }
        throw GroupError.notFound(group: group)
    }

    private func locked(_ member: UUID, group: UUID, on connection: PostgresConnection) async throws -> MemberRecord {
        let rows = try await connection.query("""
            SELECT \(unescaped: MemberRepository.columns) FROM members WHERE id = \(member) AND group_id = \(group) FOR UPDATE
            """, logger: database.logger)
        guard let record = try await MemberRepository.records(rows).first else { throw MemberError.notFound(member: member) }
        return record
    }

    private func set(_ member: UUID, user: UUID?, revision: Int64, on connection: PostgresConnection) async throws -> MemberRecord {
        let rows = try await connection.query("""
            UPDATE members SET user_id = \(user), revision = \(revision) WHERE id = \(member)
            RETURNING \(unescaped: MemberRepository.columns)
            """, logger: database.logger)
        guard let record = try await MemberRepository.records(rows).first else { throw MemberError.notFound(member: member) }
        return record
    }
}
