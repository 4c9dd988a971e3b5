import Foundation
import PostgresNIO

/// Trip groups, their invite codes and who may use them.
///
/// A user may use a group they own or have a `group_members` row in (by creating or joining
/// it). Every route that takes an id goes through ``access(group:user:)`` or one of the
/// lookups that call it, so the refusal is ``GroupError/notFound(group:)`` for an unknown group and
/// ``GroupError/notMember(group:)`` for someone else's: a 404 and a 403, as on the Node server.
struct GroupRepository: Sendable {
    let database: ServerDatabase

    static let inviteAlphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    /// Throws ``GroupError/notFound(group:)`` if the group does not exist,
    /// ``GroupError/notMember(group:)`` if `user` may not use it; otherwise returns
    /// the group's `revision`, which keys the cached expense listing and is the groups' ETag.
    /// The check every group route runs first, so it is a prepared statement: parsed and planned
    /// once per connection.
    @discardableResult
    func access(group: UUID, user: UUID) async throws -> Int64 {
        let rows = try await database.execute(AccessStatement(group: group, user: user))
        for try await (revision, allowed) in rows { return try Self.verdict(group, revision: revision, allowed: allowed) }
        throw GroupError.notFound(group: group)
    }

    /// ``access(group:user:)`` for a request whose token nobody has looked up yet: the token
    /// check and the access check in one prepared statement, one round trip. Remembers the
    /// token's user in `credential`; ``AccountError/tokenRefused`` for a bad token, then as above.
    @discardableResult
    func access(group: UUID, credential: AuthenticatedUser.Credential, now: Date) async throws -> Int64 {
        if let user = credential.user { return try await access(group: group, user: user.id) }
        let rows = try await database.execute(TokenAccessStatement(token: credential.token, now: now, group: group))
        for try await (tokenID, userID, name, revision, allowed) in rows {
            credential.remember(AuthenticatedUser(id: userID, tokenID: tokenID, displayName: name))
            return try Self.verdict(group, revision: revision, allowed: allowed)
        }
        throw AccountError.tokenRefused
    }

    /// The group's revision, or the refusal when there is no such group or the user may not use it.
    private static func verdict(_ group: UUID, revision: Int64?, allowed: Bool?) throws(GroupError) -> Int64 {
        guard let revision else { throw GroupError.notFound(group: group) }
        guard allowed == true else { throw .notMember(group: group) }
        return revision
    }

    struct TokenAccessStatement: PostgresPreparedStatement {
        static let name = "split_token_group_access"
        static let sql = """
            SELECT u.token_id, u.id, u.display_name, g.revision, g.owner_id = u.id OR EXISTS (
                SELECT 1 FROM group_members gm WHERE gm.group_id = g.id AND gm.user_id = u.id)
            FROM (SELECT t.id AS token_id, u.id, u.display_name FROM \(TokenLookup.liveToken(token: "$1", now: "$2"))) AS u
            LEFT JOIN trip_groups g ON g.id = $3::uuid
            """
        typealias Row = (UUID, UUID, String, Int64?, Bool?)

        let token: String
        let now: Date
        let group: UUID

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(token)
            bindings.append(now)
            bindings.append(group)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    struct AccessStatement: PostgresPreparedStatement {
        static let name = "split_group_access"
        static let sql = """
            SELECT g.revision, g.owner_id = $2::uuid OR EXISTS (
                SELECT 1 FROM group_members gm WHERE gm.group_id = g.id AND gm.user_id = $2::uuid)
            FROM trip_groups g WHERE g.id = $1::uuid
            """
        typealias Row = (Int64, Bool?)

        let group: UUID
        let user: UUID

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(group)
            bindings.append(user)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Groups the user owns or has joined, oldest first.
    func list(for user: UUID) async throws -> [GroupRecord] {
        let rows = try await database.query("""
            SELECT g.id, g.name, g.description, g.owner_id, g.invite_code, g.is_active
            FROM trip_groups g
            WHERE g.owner_id = \(user)
               OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = g.id AND gm.user_id = \(user))
            ORDER BY g.created_at, g.id
            """)
        return try await Self.records(rows)
    }

    /// Creates a group owned by `owner`, with a fresh invite code, and the owner's access row.
    /// The group starts at revision 1, so a first change feed (since 0) shows its fields.
    func create(id: UUID? = nil, name: String, description: String?, currency: String? = nil, owner: AuthenticatedUser,
                on connection: PostgresConnection) async throws -> GroupRecord {
        for _ in 0..<8 {
            let code = String((0..<6).map { _ in Self.inviteAlphabet.randomElement()! })
            let rows = try await connection.query("""
                INSERT INTO trip_groups (id, name, description, currency, owner_id, invite_code, revision, fields_revision)
                VALUES (COALESCE(\(id), gen_random_uuid()), \(name), \(description), \(currency), \(owner.id), \(code), 1, 1)
                ON CONFLICT (invite_code) DO NOTHING
                RETURNING id, name, description, owner_id, invite_code, is_active
                """, logger: database.logger)
            if let group = try await Self.records(rows).first {
                try await connection.query("""
                    INSERT INTO group_members (group_id, user_id, member_name, role, can_edit_all_expenses)
                    VALUES (\(group.id), \(owner.id), \(owner.displayName), 'owner', true)
                    """, logger: database.logger)
                return group
            }
        }
        throw GroupError.noFreeInviteCode
    }

    /// Deletes the group and, by the schema's cascades, everything in it, when `user` owns it.
    /// Throws ``GroupError/notOwner`` for anyone else (the caller checked they may use the group at all).
    func delete(_ group: UUID, by user: UUID) async throws {
        try await database.transaction { connection in
            let rows = try await connection.query(
                "SELECT owner_id FROM trip_groups WHERE id = \(group) FOR UPDATE", logger: database.logger)
            var found: UUID??
            for try await owner in rows.decode(UUID?.self) { found = .some(owner) }
            guard let owner = found else { throw GroupError.notFound(group: group) }
            guard owner == user else { throw GroupError.notOwner }
            try await connection.query("DELETE FROM trip_groups WHERE id = \(group)", logger: database.logger)
        }
    }

    /// Adds `user` to the group with this invite code (case-insensitive), in the caller's
    /// transaction; joining twice is fine.
    ///
    /// The group's row is locked first, as every write to a group locks it first: a join that
    /// goes on to claim a member (``MemberClaims``) then never holds the row's key-share lock
    /// (which adding the access row takes) while waiting for the update lock another join holds.
    func join(code: String, user: AuthenticatedUser, on connection: PostgresConnection) async throws -> GroupRecord {
        let rows = try await connection.query("""
            SELECT id, name, description, owner_id, invite_code, is_active FROM trip_groups
            WHERE invite_code = \(code.uppercased()) AND is_active IS NOT FALSE
            FOR UPDATE
            """, logger: database.logger)
        guard let group = try await Self.records(rows).first else {
            throw GroupError.unknownInviteCode(code)
        }
        try await connection.query("""
            INSERT INTO group_members (group_id, user_id, member_name, role)
            VALUES (\(group.id), \(user.id), \(user.displayName), 'member')
            ON CONFLICT (group_id, user_id) DO NOTHING
            """, logger: database.logger)
        return group
    }

    /// Starts a write to the group: bumps its revision and returns the new value, which the
    /// rows the write changes carry. The UPDATE locks the group row until the transaction ends,
    /// so writes to one group commit in revision order (see ``ChangeFeed``).
    func bump(_ group: UUID, on connection: PostgresConnection) async throws -> Int64 {
        let rows = try await connection.query(
            "UPDATE trip_groups SET revision = revision + 1 WHERE id = \(group) RETURNING revision", logger: database.logger)
        for try await revision in rows.decode(Int64.self) { return revision }
        throw GroupError.notFound(group: group)
    }

    /// The revision of the group's own fields (name, description, currency), locked for update.
    func lockFields(_ group: UUID, on connection: PostgresConnection) async throws -> Int64 {
        let rows = try await connection.query(
            "SELECT fields_revision FROM trip_groups WHERE id = \(group) FOR UPDATE", logger: database.logger)
        for try await revision in rows.decode(Int64.self) { return revision }
        throw GroupError.notFound(group: group)
    }

    /// The trip's own currency, if one was set.
    func currency(of group: UUID, on connection: PostgresConnection) async throws -> String? {
        let rows = try await connection.query("SELECT currency FROM trip_groups WHERE id = \(group)", logger: database.logger)
        for try await code in rows.decode(String?.self) { return code }
        return nil
    }

    /// Sets the fields given (nil leaves one as it is; `description: .some(nil)` removes it).
    func update(_ group: UUID, name: String?, description: String??, currency: String?, revision: Int64,
                on connection: PostgresConnection) async throws -> GroupRecord {
        let rows = try await connection.query("""
            UPDATE trip_groups SET name = COALESCE(\(name), name),
                description = CASE WHEN \(description != nil) THEN \(description ?? nil) ELSE description END,
                currency = COALESCE(\(currency), currency), fields_revision = \(revision)
            WHERE id = \(group)
            RETURNING id, name, description, owner_id, invite_code, is_active
            """, logger: database.logger)
        guard let record = try await Self.records(rows).first else {
            throw GroupError.notFound(group: group)
        }
        return record
    }

    static func records(_ rows: PostgresRowSequence) async throws -> [GroupRecord] {
        var groups: [GroupRecord] = []
        for try await (id, name, description, owner, code, active) in rows.decode(
            (UUID, String, String?, UUID?, String?, Bool?).self) {
            groups.append(GroupRecord(
                id: id, name: name, description: description,
                ownerID: try StoredValue.present(owner, table: "trip_groups", column: "owner_id", row: id),
                inviteCode: try StoredValue.present(code, table: "trip_groups", column: "invite_code", row: id),
                isActive: active ?? true))
        }
        return groups
    }
}
