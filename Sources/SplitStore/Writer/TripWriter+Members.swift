import GRDB
import SplitCore

private typealias Columns = MemberRecord.Columns

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
        try TripRecord.require(db, trip)
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
        let old = origin == .command ? try MemberRecord.liveName(db, id, trip: trip) : nil
        let before = try old.map { SyncValue.member(Member(id: id, name: $0)) } ?? self.before(.member(id))
        try requireFreeName(name, except: id)
        try MemberRecord.withID(id).updateAll(db, Columns.name.set(to: name), Columns.nameKey.set(to: Member.key(for: name)))
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
            try BalanceTotalRecord.filter(BalanceTotalRecord.Columns.memberID == id.rawValue).deleteAll(db)
            try MemberRecord.withID(id).filter(Columns.tripID == trip.rawValue).deleteAll(db)
            if let before { try queue(.removeMember(id), before: before) }
            return
        }
        let name = try MemberRecord.liveName(db, id, trip: trip)
        let expenses = try ExpenseRecord.naming(id, trip: trip).fetchCount(db)
        let payments = try PaymentRecord.naming(id, trip: trip).fetchCount(db)
        guard expenses == 0, payments == 0 else {
            throw StoreError.memberInUse(name: name, expenses: expenses, payments: payments)
        }
        try MemberRecord.withID(id).updateAll(db, Columns.removedAt.set(to: at.iso8601))
        try queue(.removeMember(id), before: .member(Member(id: id, name: name)))
        try log("member.remove", "removed member \(name)", undo: .restoreMember(id.rawValue))
    }

    /// Sets (or with nil clears) the day member `id` moved out. A command is refused when
    /// the member already left (or, returning, never did), or when the day is before the
    /// first expense they share in or pay (they lived here then).
    func setDeparture(_ id: MemberID, from date: CivilDate?) throws {
        let name = try MemberRecord.liveName(db, id, trip: trip)
        let row = MemberRecord.withID(id).filter(Columns.tripID == trip.rawValue)
        let before = try row.select(Columns.leftOn, as: String?.self).fetchOne(db) ?? nil
        if origin.validates {
            if let date {
                if let before { throw StoreError.invalid("\(name) already left on \(before); to change the day, split member return \(name) first") }
                if let first = try firstExpenseDate(naming: id), date < first {
                    throw StoreError.invalid("\(name) cannot leave on \(date), before their first expense on \(first); "
                                             + "give --from \(first) or later")
                }
            } else if before == nil {
                throw StoreError.invalid("\(name) has not left; nothing to return from (split member list shows who left)")
            }
        }
        // The member's own version is the base of what else waits for it (a rename), not nil.
        let member = try self.before(.member(id))
        try row.updateAll(db, Columns.leftOn.set(to: date?.description))
        try queue(.setDeparture(member: id, leftOn: date), before: member)
        try log(date == nil ? "member.return" : "member.leave",
                date.map { "\(name) left on \($0)" } ?? "\(name) returned",
                undo: .setDeparture(id: id.rawValue, date: before))
    }

    /// The date of the first live expense member `id` shares in or pays.
    private func firstExpenseDate(naming id: MemberID) throws -> CivilDate? {
        let first = try ExpenseRecord.naming(id, trip: trip).select(min(ExpenseRecord.Columns.expenseDate), as: String?.self)
            .fetchOne(db) ?? nil
        return first.flatMap(CivilDate.init(parsing:))
    }

    /// Brings a removed member back, unless another live member holds the name now. The
    /// server never revives a deleted id, so on a linked trip they come back under a new id.
    func restoreMember(_ id: MemberID) throws {
        let key = try MemberRecord.withID(id).select(Columns.nameKey, as: String.self).fetchOne(db) ?? ""
        if try !MemberRecord.of(trip).filter(Columns.nameKey == key).isEmpty(db) {
            throw StoreError.cannotUndo("another member now has the name of the removed one; rename them first")
        }
        if linked {
            let name = try MemberRecord.withID(id).select(Columns.name, as: String.self).fetchOne(db) ?? key
            let revived = Member(id: MemberID(run.ids()), name: name)
            try putMember(revived)
            try queue(.createMember(revived), before: nil)
        } else {
            try MemberRecord.withID(id).updateAll(db, Columns.removedAt.set(to: nil))
        }
    }

    /// Moves everything of a local member to `member` (the server's), which takes the name,
    /// and removes the local one: two devices each added the same person, or the Node server
    /// gave the member its own id.
    func mergeMember(_ local: MemberID, into member: Member) throws {
        let old = local.rawValue, new = member.id.rawValue
        // The server's member takes the name; the local one, holding it, steps aside until it goes.
        try putMember(member)
        let paidBy = ExpenseRecord.Columns.paidBy
        try ExpenseRecord.filter(paidBy == old && ExpenseRecord.Columns.tripID == trip.rawValue)
            .updateAll(db, paidBy.set(to: new))
        for column in [ExpenseSplitRecord.Columns.memberID, ExpenseSplitRecord.Columns.payerID] {
            try ExpenseSplitRecord.filter(column == old).updateAll(db, column.set(to: new))
        }
        for column in [PaymentRecord.Columns.fromMember, PaymentRecord.Columns.toMember] {
            try PaymentRecord.filter(column == old && PaymentRecord.Columns.tripID == trip.rawValue)
                .updateAll(db, column.set(to: new))
        }
        try db.execute(sql: ExpenseRecord.renameSplitGivenMemberSQL, arguments: ["old": old, "new": new, "trip": trip.rawValue])
        try db.execute(sql: RecurringRuleRecord.renameMemberSQL, arguments: ["old": old, "new": new, "trip": trip.rawValue])
        try BalanceTotalRecord.filter(BalanceTotalRecord.Columns.memberID == old).deleteAll(db)
        try MemberRecord.withID(local).deleteAll(db)
    }

    /// Live names are unique per trip; a command, undo and an import keep them so. (A trip
    /// another client wrote to may hold repeats: a pull stores them as the server has them.)
    private func requireFreeName(_ name: String, except id: MemberID?) throws {
        let holders = MemberRecord.of(trip).filter(Columns.nameKey == Member.key(for: name) && Columns.id != (id?.rawValue ?? ""))
        if try !holders.isEmpty(db) {
            throw StoreError.duplicateMemberName(name)
        }
    }

    // MARK: Rows

    func insertMember(_ member: Member) throws {
        try MemberRecord.insert(db, member, trip: trip, at: at)
    }

    /// A live member named `member.name` under its id, as the server has it: names may repeat
    /// in a trip another client wrote to (see ``SchemaV5``).
    func putMember(_ member: Member) throws {
        let row = MemberRecord.withID(member.id)
        if let holder = try row.select(Columns.tripID, as: String.self).fetchOne(db) {
            guard holder == trip.rawValue else { throw foreign(.member(member.id)) }
            try row.updateAll(db, Columns.name.set(to: member.name), Columns.nameKey.set(to: member.nameKey),
                              Columns.removedAt.set(to: nil))
        } else {
            try insertMember(member)
        }
    }

    func foreign(_ key: SyncItemKey) -> StoreError {
        .invalid("the server sent \(key.kindName) \(key.text) of this trip, but another local trip holds that id")
    }
}
