import GRDB
import SplitCore

extension LocalBackend {
    public func members(trip: TripID) async throws -> [Member] {
        try database.read { db in try members(db, trip: trip) }
    }

    /// Live members in name order.
    func members(_ db: Database, trip: TripID) throws -> [Member] {
        try Row.fetchAll(
            db, sql: "SELECT id, name FROM member WHERE trip_id = ? AND removed_at IS NULL ORDER BY name_key, id",
            arguments: [trip.rawValue]
        ).map { row in
            let stored = StoredRow(row, table: "member")
            return Member(id: MemberID(try stored.text(0, "id")), name: try stored.text(1, "name"))
        }
    }

    @discardableResult
    public func addMembers(_ members: [Member], trip: TripID, at: Timestamp) async throws -> [Member] {
        var names: [String] = []
        var keys = Set<String>()
        for member in members {
            let name = try NameRules.member(member.name)
            guard keys.insert(Member.key(for: name)).inserted else { throw StoreError.duplicateMemberName(name) }
            names.append(name)
        }
        guard !members.isEmpty else { throw StoreError.invalid("give at least one member name") }
        try database.write { db in
            try requireTrip(db, trip)
            for (member, name) in zip(members, names) {
                if try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM member WHERE trip_id = ? AND name_key = ? AND removed_at IS NULL",
                    arguments: [trip.rawValue, Member.key(for: name)]) == true {
                    throw StoreError.duplicateMemberName(name)
                }
                try db.execute(
                    sql: "INSERT INTO member (id, trip_id, name, name_key, created_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [member.id.rawValue, trip.rawValue, name, Member.key(for: name), at.iso8601])
            }
            try recordSync(db, trip: trip, zip(members, names).map { (.createMember(Member(id: $0.id, name: $1)), nil) }, at: at)
            let summary = names.count == 1 ? "added member \(names[0])" : "added members \(names.joined(separator: ", "))"
            try log(db, trip: trip, at: at, action: "member.add", summary: summary,
                    undo: .removeMembers(members.map(\.id.rawValue)))
        }
        return zip(members, names).map { Member(id: $0.id, name: $1) }
    }

    public func renameMember(_ id: MemberID, to newName: String, trip: TripID, at: Timestamp) async throws {
        let name = try NameRules.member(newName)
        try database.write { db in
            let old = try liveMemberName(db, id, trip: trip)
            try renameMember(db, id, to: name, trip: trip)
            try recordSync(db, trip: trip, [(.renameMember(Member(id: id, name: name)), .member(Member(id: id, name: old)))], at: at)
            try log(db, trip: trip, at: at, action: "member.rename", summary: "renamed member \(old) to \(name)",
                    undo: .renameMember(id: id.rawValue, name: old))
        }
    }

    func renameMember(_ db: Database, _ id: MemberID, to name: String, trip: TripID) throws {
        if try Bool.fetchOne(
            db, sql: "SELECT 1 FROM member WHERE trip_id = ? AND name_key = ? AND removed_at IS NULL AND id <> ?",
            arguments: [trip.rawValue, Member.key(for: name), id.rawValue]) == true {
            throw StoreError.duplicateMemberName(name)
        }
        try db.execute(sql: "UPDATE member SET name = ?, name_key = ? WHERE id = ?",
                       arguments: [name, Member.key(for: name), id.rawValue])
    }

    public func removeMember(_ id: MemberID, trip: TripID, at: Timestamp) async throws {
        try database.write { db in
            let name = try liveMemberName(db, id, trip: trip)
            let expenses = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM expense e WHERE e.trip_id = ? AND e.deleted_at IS NULL
                AND EXISTS (SELECT 1 FROM expense_split s WHERE s.expense_id = e.id AND (s.member_id = ? OR s.payer_id = ?))
                """, arguments: [trip.rawValue, id.rawValue, id.rawValue]) ?? 0
            let payments = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM payment WHERE trip_id = ? AND deleted_at IS NULL AND (from_member = ? OR to_member = ?)
                """, arguments: [trip.rawValue, id.rawValue, id.rawValue]) ?? 0
            guard expenses == 0, payments == 0 else {
                throw StoreError.memberInUse(name: name, expenses: expenses, payments: payments)
            }
            try db.execute(sql: "UPDATE member SET removed_at = ? WHERE id = ?", arguments: [at.iso8601, id.rawValue])
            try recordSync(db, trip: trip, [(.removeMember(id), .member(Member(id: id, name: name)))], at: at)
            try log(db, trip: trip, at: at, action: "member.remove", summary: "removed member \(name)",
                    undo: .restoreMember(id.rawValue))
        }
    }

    func liveMemberName(_ db: Database, _ id: MemberID, trip: TripID) throws -> String {
        guard let name = try String.fetchOne(
            db, sql: "SELECT name FROM member WHERE id = ? AND trip_id = ? AND removed_at IS NULL",
            arguments: [id.rawValue, trip.rawValue]) else {
            throw StoreError.notFound("member \(id.short) is not in this trip")
        }
        return name
    }
}
