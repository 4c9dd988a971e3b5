import GRDB
import SplitCore

extension LocalBackend {
    public func addRecurringRule(_ rule: RecurringRule, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in try writer.addRule(rule) }
    }

    /// The trip's live rules, oldest first.
    public func recurringRules(trip: TripID) async throws -> [RecurringRule] {
        try database.read { db in try RecurringRuleRecord.live(trip).fetchAll(db).map(\.rule) }
    }

    public func deleteRecurringRule(_ id: RecurringRuleID, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in try writer.deleteRule(id) }
    }

    public func setRecurringRulePaused(_ id: RecurringRuleID, paused: Bool, today: CivilDate, trip: TripID,
                                       at: Timestamp) async throws {
        try write(trip, at: at) { writer in try writer.setPaused(id, paused, today: today) }
    }

    /// Adds the instances due on or before `today`. Nothing due (the usual case) costs one
    /// probe of the `recurring_rule_due` index and writes nothing; otherwise one write adds
    /// them all as one change. Instances with no split given are shared by the members present on
    /// their date: a member who left (`member leave`) shares none dated on or after leaving.
    public func catchUpRecurring(trip: TripID, today: CivilDate, at: Timestamp) async throws -> RecurringCatchUp {
        let due = try database.read { db in try RecurringRuleRecord.due(trip, today: today).fetchCount(db) }
        guard due > 0 else { return .nothing }
        return try write(trip, at: at) { writer in
            let rules = try RecurringRuleRecord.due(trip, today: today).order(RecurringRuleRecord.Columns.createdAt)
                .fetchAll(writer.db).map(\.rule)
            let directory = MemberDirectory(try MemberRecord.members(writer.db, trip: trip),
                                            departures: try MemberRecord.departures(writer.db, trip: trip))
            return try writer.catchUp(rules, today: today, present: { date in directory.present(on: date).map(\.id) })
        }
    }

    /// The rule and period an instance was made for, if `expense` is one.
    public func recurringOrigin(of expense: ExpenseID) async throws -> (rule: RecurringRuleID, period: String)? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT rule_id, period FROM recurring_instance WHERE expense_id = ?",
                             arguments: [expense.rawValue]).map { (RecurringRuleID($0["rule_id"]), $0["period"]) }
        }
    }
}
