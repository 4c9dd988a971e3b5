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

    func add(name: String, group: UUID, on connection: PostgresConnection) async throws -> MemberRecord {
        try await refuseDuplicate(name: name, group: group, except: nil, on: connection)
        let rows = try await connection.query("""
            INSERT INTO members (group_id, name) VALUES (\(group), \(name))
            RETURNING \(unescaped: Self.columns)
            """, logger: database.logger)
        return try await Self.records(rows)[0]
    }

    func rename(member: UUID, group: UUID, to name: String) async throws -> MemberRecord {
        try await database.transaction { connection in
            try await refuseDuplicate(name: name, group: group, except: member, on: connection)
            let rows = try await connection.query("""
                UPDATE members SET name = \(name) WHERE id = \(member) AND group_id = \(group)
                RETURNING \(unescaped: Self.columns)
                """, logger: database.logger)
            guard let record = try await Self.records(rows).first else { throw Self.notFound(member) }
            return record
        }
    }

    /// Deletes a member who appears in no live expense and no payment.
    func remove(member: UUID, group: UUID) async throws {
        try await database.transaction { connection in
            let rows = try await connection.query("""
                SELECT m.name,
                  (SELECT count(DISTINCT e.id) FROM expenses e LEFT JOIN expense_splits s ON s.expense_id = e.id
                   WHERE e.is_deleted IS NOT TRUE AND (e.paid_by_member_id = m.id OR s.member_id = m.id)),
                  (SELECT count(*) FROM settlement_payments p WHERE p.from_member_id = m.id OR p.to_member_id = m.id)
                FROM members m WHERE m.id = \(member) AND m.group_id = \(group) FOR UPDATE
                """, logger: database.logger)
            var found: (String, Int64, Int64)?
            for try await row in rows.decode((String, Int64, Int64).self) { found = row }
            guard let (name, expenses, payments) = found else { throw Self.notFound(member) }
            guard expenses == 0, payments == 0 else {
                var uses: [String] = []
                if expenses > 0 { uses.append("\(expenses) expense\(expenses == 1 ? "" : "s")") }
                if payments > 0 { uses.append("\(payments) payment\(payments == 1 ? "" : "s")") }
                throw APIError.conflict("cannot remove \(name): they appear in \(uses.joined(separator: " and ")); delete or edit those first")
            }
            try await connection.query("DELETE FROM members WHERE id = \(member)", logger: database.logger)
        }
    }

    /// Throws 400 unless every id is a member of the group.
    func requireMembers(_ ids: Set<UUID>, group: UUID, on connection: PostgresConnection) async throws {
        let wanted = Array(ids)
        let rows = try await connection.query(
            "SELECT id FROM members WHERE group_id = \(group) AND id = ANY(\(wanted))", logger: database.logger)
        var found = Set<UUID>()
        for try await id in rows.decode(UUID.self) { found.insert(id) }
        if let missing = wanted.filter({ !found.contains($0) }).sorted(by: { $0.uuidString < $1.uuidString }).first {
            throw APIError.badRequest("member \(missing.uuidString.lowercased()) is not a member of this group")
        }
    }

    /// Takes the group's row lock first, so two concurrent adds of one name cannot both pass.
    private func refuseDuplicate(name: String, group: UUID, except: UUID?, on connection: PostgresConnection) async throws {
        try await connection.query("SELECT 1 FROM trip_groups WHERE id = \(group) FOR UPDATE", logger: database.logger)
        let rows = try await connection.query("""
            SELECT name FROM members
            WHERE group_id = \(group) AND lower(name) = lower(\(name)) AND id IS DISTINCT FROM \(except)
            LIMIT 1
            """, logger: database.logger)
        for try await existing in rows.decode(String.self) {
            throw APIError.conflict("a member named '\(existing)' already exists in this group; names are unique (case-insensitive)")
        }
    }

    static func notFound(_ member: UUID) -> APIError {
        .notFound("member \(member.uuidString.lowercased()) not found in this group")
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
