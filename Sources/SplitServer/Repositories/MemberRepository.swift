import Foundation
import PostgresNIO

/// The people of a trip. Names are unique per group, case-insensitively, because clients
/// (the `split` CLI among them) name members by name.
struct MemberRepository: Sendable {
    let database: ServerDatabase

    /// The columns ``records(_:)`` decodes, for SELECT and RETURNING alike.
    static let columns = "id, group_id, user_id, name, to_char(created_at AT TIME ZONE 'UTC', '\(isoTimestampFormat)')"

    /// Members of the group by name (case-insensitive), then id.
    func list(group: UUID) async throws -> [MemberRecord] {
        try await Self.records(database.query("""
            SELECT \(unescaped: Self.columns)
            FROM members WHERE group_id = \(group) ORDER BY lower(name), id
            """))
    }

    /// Adds a member at `revision` (the caller has bumped the group). With a client-chosen `id`
    /// that exists already: the stored member when it is this group's with this name
    /// (`created` false), otherwise a ``ClientIDError``; an id deleted before is one too.
    func add(name: String, id: UUID?, group: UUID, revision: Int64, on connection: PostgresConnection)
        async throws -> (member: MemberRecord, created: Bool) {
        if let id, let existing = try await existing(id, on: connection) {
            guard existing.groupID == group, existing.name == name else {
                throw ClientIDError.taken(kind: "member", id: id)
            }
            return (existing, false)
        }
        if let id { try await refuseDeleted(id, kind: "member", on: connection) }
        try await refuseDuplicate(name: name, group: group, except: nil, on: connection)
        let rows = try await connection.query("""
            INSERT INTO members (id, group_id, name, revision) VALUES (COALESCE(\(id), gen_random_uuid()), \(group), \(name), \(revision))
            RETURNING \(unescaped: Self.columns)
            """, logger: database.logger)
        return (try await Self.records(rows)[0], true)
    }

    /// The member's revision, locked until the transaction ends; nil if it is not in the group.
    func lockRevision(_ member: UUID, group: UUID, on connection: PostgresConnection) async throws -> Int64? {
        let rows = try await connection.query(
            "SELECT revision FROM members WHERE id = \(member) AND group_id = \(group) FOR UPDATE", logger: database.logger)
        for try await revision in rows.decode(Int64.self) { return revision }
        return nil
    }

    func rename(member: UUID, group: UUID, to name: String, revision: Int64, on connection: PostgresConnection)
        async throws -> MemberRecord {
        try await refuseDuplicate(name: name, group: group, except: member, on: connection)
        let rows = try await connection.query("""
            UPDATE members SET name = \(name), revision = \(revision) WHERE id = \(member) AND group_id = \(group)
            RETURNING \(unescaped: Self.columns)
            """, logger: database.logger)
        guard let record = try await Self.records(rows).first else { throw MemberError.notFound(member: member) }
        return record
    }

    /// Deletes a member who appears in no live expense (as a payer, one of several payers, or
    /// a share) and no payment, leaving a tombstone.
    func remove(member: UUID, group: UUID, revision: Int64, on connection: PostgresConnection) async throws {
        let rows = try await connection.query("""
            SELECT m.name,
              (SELECT count(DISTINCT e.id) FROM expenses e LEFT JOIN expense_splits s ON s.expense_id = e.id
               WHERE e.is_deleted IS NOT TRUE AND (e.paid_by_member_id = m.id OR s.member_id = m.id
                 OR EXISTS (SELECT 1 FROM expense_payers p WHERE p.expense_id = e.id AND p.member_id = m.id))),
              (SELECT count(*) FROM settlement_payments p WHERE p.from_member_id = m.id OR p.to_member_id = m.id),
              (SELECT count(*) FROM currency_exchanges x WHERE x.member_id = m.id)
            FROM members m WHERE m.id = \(member) AND m.group_id = \(group) FOR UPDATE
            """, logger: database.logger)
        var found: (String, Int64, Int64, Int64)?
        for try await row in rows.decode((String, Int64, Int64, Int64).self) { found = row }
        guard let (name, expenses, payments, exchanges) = found else { throw MemberError.notFound(member: member) }
        guard expenses == 0, payments == 0, exchanges == 0 else {
            throw MemberError.inUse(name: name, expenses: expenses, payments: payments, exchanges: exchanges)
        }
        try await connection.query("DELETE FROM members WHERE id = \(member)", logger: database.logger)
        try await Tombstones.add(kind: "member", item: member.uuidString.lowercased(), group: group, revision: revision,
                                 on: connection, logger: database.logger)
    }

    /// The member of the group with this name (case-insensitive, trimmed as names are stored).
    func named(_ name: String, group: UUID, on connection: PostgresConnection) async throws -> UUID? {
        let rows = try await connection.query(
            "SELECT id FROM members WHERE group_id = \(group) AND lower(name) = lower(\(name.trimmingCharacters(in: .whitespacesAndNewlines))) LIMIT 1",
            logger: database.logger)
        for try await id in rows.decode(UUID.self) { return id }
        return nil
    }

    /// The member with this id in any group, if there is one.
    func existing(_ id: UUID, on connection: PostgresConnection) async throws -> MemberRecord? {
        try await Self.records(connection.query(
            "SELECT \(unescaped: Self.columns) FROM members WHERE id = \(id)", logger: database.logger)).first
    }

    /// Refuses a client-chosen id that belonged to an item that was deleted (``ClientIDError/deleted(kind:id:)``).
    func refuseDeleted(_ id: UUID, kind: String, on connection: PostgresConnection) async throws {
        if try await Tombstones.exists(kind: kind, item: id.uuidString.lowercased(), on: connection, logger: database.logger) {
            throw ClientIDError.deleted(kind: kind, id: id)
        }
    }

    /// Throws ``MemberError/notInGroup(member:)`` unless every id is a member of the group.
    func requireMembers(_ ids: Set<UUID>, group: UUID, on connection: PostgresConnection) async throws {
        let wanted = Array(ids)
        let rows = try await connection.query(
            "SELECT id FROM members WHERE group_id = \(group) AND id = ANY(\(wanted))", logger: database.logger)
        var found = Set<UUID>()
        for try await id in rows.decode(UUID.self) { found.insert(id) }
        if let missing = wanted.filter({ !found.contains($0) }).sorted(by: { $0.uuidString < $1.uuidString }).first {
            throw MemberError.notInGroup(member: missing)
        }
    }

    /// The caller holds the group's row lock (``GroupRepository/bump(_:on:)``), so two
    /// concurrent adds of one name cannot both pass.
    func refuseDuplicate(name: String, group: UUID, except: UUID?, on connection: PostgresConnection) async throws {
        let rows = try await connection.query("""
            SELECT name FROM members
            WHERE group_id = \(group) AND lower(name) = lower(\(name)) AND id IS DISTINCT FROM \(except)
            LIMIT 1
            """, logger: database.logger)
        for try await existing in rows.decode(String.self) {
            throw MemberError.nameTaken(existing: existing)
        }
    }

    static func records(_ rows: PostgresRowSequence) async throws -> [MemberRecord] {
        var members: [MemberRecord] = []
        for try await (id, group, user, name, created) in rows.decode((UUID, UUID?, UUID?, String, String?).self) {
            members.append(MemberRecord(
                id: id, groupID: try StoredValue.present(group, table: "members", column: "group_id", row: id),
                userID: user, name: name,
                createdAt: try StoredValue.present(created, table: "members", column: "created_at", row: id)))
        }
        return members
    }
}
