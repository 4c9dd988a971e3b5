import GRDB
import SplitCore

extension TripWriter {
    /// Adds members under their checked names; returns them as stored. Live names are unique
    /// per trip (case-insensitive), among themselves and against the trip's.
    @discardableResult
    func addMembers(_ members: [Member]) throws -> [Member] {
        var named: [Member] = []
        var keys = Set<String>()
        for member in members {
            let name = try NameRules.member(member.name)
            guard keys.insert(Member.key(for: name)).inserted else { throw StoreError.duplicateMemberName(name) }
            named.append(Member(id: member.id, name: name))
        }
        guard !named.isEmpty else { throw StoreError.invalid("give at least one member name") }
        try backend.requireTrip(db, trip)
        for member in named {
            try requireFreeName(member.name, except: nil)
            try insertMember(member)
        }
        for member in named { try queue(.createMember(member), before: nil) }
        let names = named.map(\.name)
        try log("member.add", names.count == 1 ? "added member \(names[0])" : "added members \(names.joined(separator: ", "))",
                undo: .removeMembers(named.map(\.id.rawValue)))
        return named
    }

    func renameMember(_ id: MemberID, to newName: String) throws {
        let name = origin.validates ? try NameRules.member(newName) : newName
        let old = origin == .command ? try backend.liveMemberName(db, id, trip: trip) : nil
        let before = try old.map { SyncValue.member(Member(id: id, name: $0)) } ?? self.before(.member(id))
        try requireFreeName(name, except: id)
        try db.execute(sql: "UPDATE member SET name = ?, name_key = ? WHERE id = ?",
                       arguments: [name, Member.key(for: name), id.rawValue])
        try queue(.renameMember(Member(id: id, name: name)), before: before)
        if let old {
            try log("member.rename", "renamed member \(old) to \(name)", undo: .renameMember(id: id.rawValue, name: old))
        }
    }

    /// Removes a member no live expense or payment names (soft: undo brings them back), or
    /// for good when undo removes members the reverted change added.
    func removeMember(_ id: MemberID) throws {
        if origin.purges {
            let before = try before(.member(id))
            try db.execute(sql: "DELETE FROM balance_total WHERE member_id = ?", arguments: [id.rawValue])
            try db.execute(sql: "DELETE FROM member WHERE id = ? AND trip_id = ?", arguments: [id.rawValue, trip.rawValue])
            if let before { try queue(.removeMember(id), before: before) }
            return
        }
        let name = try backend.liveMemberName(db, id, trip: trip)
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
        try queue(.removeMember(id), before: .member(Member(id: id, name: name)))
        try log("member.remove", "removed member \(name)", undo: .restoreMember(id.rawValue))
    }

    /// Brings a removed member back, unless another live member holds the name now. The
    /// server never revives a deleted id, so on a linked trip they come back under a new id.
    func restoreMember(_ id: MemberID) throws {
        let key = try String.fetchOne(db, sql: "SELECT name_key FROM member WHERE id = ?", arguments: [id.rawValue]) ?? ""
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM member WHERE trip_id = ? AND name_key = ? AND removed_at IS NULL",
                             arguments: [trip.rawValue, key]) == true {
            throw StoreError.cannotUndo("another member now has the name of the removed one; rename them first")
        }
        if linked {
            let name = try String.fetchOne(db, sql: "SELECT name FROM member WHERE id = ?", arguments: [id.rawValue]) ?? key
            let revived = Member(id: MemberID(SyncRecorder.newID()), name: name)
            try putMember(revived)
            try queue(.createMember(revived), before: nil)
        } else {
            try db.execute(sql: "UPDATE member SET removed_at = NULL WHERE id = ?", arguments: [id.rawValue])
        }
    }

    /// Moves everything of a local member to `member` (the server's), which takes the name,
    /// and removes the local one: two devices each added the same person, or the Node server
    /// gave the member its own id.
    func mergeMember(_ local: MemberID, into member: Member) throws {
        let old = local.rawValue, new = member.id.rawValue
        // The server's member takes the name; the local one, holding it, steps aside until it goes.
        try putMember(member)
        try db.execute(sql: "UPDATE expense SET paid_by = ? WHERE paid_by = ? AND trip_id = ?", arguments: [new, old, trip.rawValue])
        try db.execute(sql: "UPDATE expense_split SET member_id = ? WHERE member_id = ?", arguments: [new, old])
        try db.execute(sql: "UPDATE expense_split SET payer_id = ? WHERE payer_id = ?", arguments: [new, old])
        try db.execute(sql: "UPDATE payment SET from_member = ? WHERE from_member = ? AND trip_id = ?",
                       arguments: [new, old, trip.rawValue])
        try db.execute(sql: "UPDATE payment SET to_member = ? WHERE to_member = ? AND trip_id = ?",
                       arguments: [new, old, trip.rawValue])
        try db.execute(sql: "DELETE FROM balance_total WHERE member_id = ?", arguments: [old])
        try db.execute(sql: "DELETE FROM member WHERE id = ?", arguments: [old])
    }

    /// Live names are unique per trip; a command, undo and an import keep them so. (A trip
    /// another client wrote to may hold repeats: a pull stores them as the server has them.)
    private func requireFreeName(_ name: String, except id: MemberID?) throws {
        if try Bool.fetchOne(db, sql: """
            SELECT 1 FROM member WHERE trip_id = ? AND name_key = ? AND removed_at IS NULL AND id <> ?
            """, arguments: [trip.rawValue, Member.key(for: name), id?.rawValue ?? ""]) == true {
            throw StoreError.duplicateMemberName(name)
        }
    }

    // MARK: Rows

    func insertMember(_ member: Member) throws {
        try RowInserter(db, sql: "INSERT INTO member (id, trip_id, name, name_key, created_at) VALUES (?, ?, ?, ?, ?)")
            .run([.text(member.id.rawValue), .text(trip.rawValue), .text(member.name), .text(member.nameKey),
                  .text(at.iso8601)])
    }

    /// A live member named `member.name` under its id, as the server has it: names may repeat
    /// in a trip another client wrote to (see ``SchemaV5``).
    func putMember(_ member: Member) throws {
        let exists = try String.fetchOne(db, sql: "SELECT trip_id FROM member WHERE id = ?", arguments: [member.id.rawValue])
        if let exists {
            guard exists == trip.rawValue else { throw foreign(.member(member.id)) }
            try db.execute(sql: "UPDATE member SET name = ?, name_key = ?, removed_at = NULL WHERE id = ?",
                           arguments: [member.name, member.nameKey, member.id.rawValue])
        } else {
            try insertMember(member)
        }
    }

    func foreign(_ key: SyncItemKey) -> StoreError {
        .invalid("the server sent \(key.kindName) \(key.text) of this trip, but another local trip holds that id")
    }
}
