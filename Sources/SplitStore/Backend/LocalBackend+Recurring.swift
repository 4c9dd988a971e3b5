import GRDB
import SplitCore

extension LocalBackend {
    public func addRecurringRule(_ rule: RecurringRule, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in try writer.addRule(rule) }
    }

    /// The trip's live rule `id` as stored now, or nil.
    public func recurringRule(_ id: RecurringRuleID, trip: TripID) async throws -> RecurringRule? {
        try database.read { db in
            try RecurringRuleRecord.live(trip).filter(RecurringRuleRecord.Columns.id == id.rawValue).fetchOne(db)?.rule
        }
    }

    /// The trip's live rules, oldest first.
    public func recurringRules(trip: TripID) async throws -> [RecurringRule] {
        try database.read { db in try RecurringRuleRecord.live(trip).fetchAll(db).map(\.rule) }
    }

    /// Picks the rule a command names from the trip's live rules, or refuses: the CLI's
    /// reading of a reference, run inside the command's one read or write.
    public typealias RuleChoice = ([RecurringRule]) throws -> RecurringRule

    /// Deletes the rule `choose` picks; returns it.
    public func deleteRecurringRule(matching choose: RuleChoice, trip: TripID, at: Timestamp) async throws -> RecurringRule {
        try write(trip, at: at) { writer in
            let rule = try choose(try RecurringRuleRecord.live(trip).fetchAll(writer.db).map(\.rule))
            try writer.deleteRule(rule.id)
            return rule
        }
    }

    /// Pauses or resumes the rule `choose` picks; returns it as it is now.
    public func setRecurringRulePaused(matching choose: RuleChoice, paused: Bool, today: CivilDate, trip: TripID,
                                       at: Timestamp) async throws -> RecurringRule {
        try write(trip, at: at) { writer in
            let rule = try choose(try RecurringRuleRecord.live(trip).fetchAll(writer.db).map(\.rule))
            return try writer.setPaused(rule.id, paused, today: today)
        }
    }

    /// `recurring edit` in one write (``TripWriter/editRule(_:from:today:present:change:)``):
    /// `choose` picks the rule, and `change` gives its new template and schedule from the rule
    /// as stored and the trip's categories. Instances of a rule that names nobody are shared
    /// by the members present on their date.
    public func editRecurringRule(matching choose: RuleChoice, from: CivilDate?, today: CivilDate, trip: TripID, at: Timestamp,
                                  change: (RecurringRule, TripCategories) throws -> (RecurringTemplate, RecurrenceSchedule))
        async throws -> RecurringEdit {
        try write(trip, at: at) { writer in
            let db = writer.db
            let rule = try choose(try RecurringRuleRecord.live(trip).fetchAll(db).map(\.rule))
            let directory = MemberDirectory(try MemberRecord.members(db, trip: trip),
                                            departures: try MemberRecord.departures(db, trip: trip))
            let categories = try CategoryRecord.categories(db, trip: trip)
            return try writer.editRule(rule.id, from: from, today: today, present: { directory.present(on: $0).map(\.id) },
                                       change: { try change($0, categories) })
        }
    }

    /// The rule `choose` picks, how many live and deleted instances it has made, and the
    /// newest `limit` live ones: what `recurring show` gives, in one read.
    public func recurringRuleShown(matching choose: RuleChoice, trip: TripID, limit: Int) async throws
        -> (rule: RecurringRule, count: Int, deleted: Int, newest: [(expense: Expense, period: String)]) {
        try database.read { db in
            let rule = try choose(try RecurringRuleRecord.live(trip).fetchAll(db).map(\.rule))
            let rows = try Row.fetchAll(db, sql: """
                SELECT i.expense_id, i.period, e.deleted_at IS NOT NULL AS deleted
                FROM recurring_instance i JOIN expense e ON e.id = i.expense_id
                WHERE i.rule_id = ? AND e.trip_id = ? ORDER BY e.expense_date DESC, e.id
                """, arguments: [rule.id.rawValue, trip.rawValue])
            let live = rows.filter { !($0["deleted"] as Bool) }
            let newest = try live.prefix(limit).compactMap { row -> (expense: Expense, period: String)? in
                try ExpenseListing.expense(db, ExpenseID(row["expense_id"] as String), trip: trip, includeDeleted: false)
                    .map { ($0, row["period"] as String) }
            }
            return (rule, live.count, rows.count - live.count, newest)
        }
    }

    /// Streams the matching expenses in list order, as ``forEachExpense(trip:filter:_:)``
    /// does, each with the rule and period it was made for when it is a recurring instance:
    /// one read, which finds the trip's instances first (nothing, at the cost of one probe,
    /// for a trip without rules).
    public func forEachExpenseMarked(trip: TripID, filter: ExpenseFilter,
                                     _ body: (Expense, RecurringOrigin?) throws -> Void) async throws {
        try database.read { db in
            let origins = try Self.recurringOrigins(db, trip: trip)
            try ExpenseListing.stream(db, trip: trip, filter: filter) { try body($0, origins[$0.id]) }
        }
    }

    /// Every instance of the trip's rules (deleted rules' too), by expense id.
    static func recurringOrigins(_ db: Database, trip: TripID) throws -> [ExpenseID: RecurringOrigin] {
        var origins: [ExpenseID: RecurringOrigin] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT i.expense_id, i.rule_id, i.period, r.description FROM recurring_rule r
            JOIN recurring_instance i ON i.rule_id = r.id WHERE r.trip_id = ?
            """, arguments: [trip.rawValue])
        while let row = try rows.next() {
            origins[ExpenseID(row["expense_id"] as String)] = RecurringOrigin(
                rule: RecurringRuleID(row["rule_id"] as String), description: row["description"], period: row["period"])
        }
        return origins
    }

    /// Adds the instances due on or before `today`. Nothing due (the usual case) costs one
    /// probe of the `recurring_rule_due` index and writes nothing; otherwise one write adds
    /// them all as one change. Instances with no split given are shared by the members present on
    /// their date: a member who left (`member leave`) shares none dated on or after leaving.
    /// `knownDue`: the caller's own probe (the scope's) found something due, so it is not
    /// probed again.
    public func catchUpRecurring(trip: TripID, today: CivilDate, at: Timestamp, knownDue: Bool = false) async throws
        -> RecurringCatchUp {
        if !knownDue {
            let due = try database.read { db in try RecurringRuleRecord.due(trip, today: today).fetchCount(db) }
            guard due > 0 else { return .nothing }
        }
        return try write(trip, at: at) { writer in
            let rules = try RecurringRuleRecord.due(trip, today: today).order(RecurringRuleRecord.Columns.createdAt)
                .fetchAll(writer.db).map(\.rule)
            let directory = MemberDirectory(try MemberRecord.members(writer.db, trip: trip),
                                            departures: try MemberRecord.departures(writer.db, trip: trip))
            return try writer.catchUp(rules, today: today, present: { date in directory.present(on: date).map(\.id) })
        }
    }

    /// The rule and period an instance was made for (with the rule's description, a deleted
    /// rule's too), if `expense` is one.
    public func recurringOrigin(of expense: ExpenseID) async throws -> RecurringOrigin? {
        try database.read { db in
            try Row.fetchOne(db, sql: """
                SELECT i.rule_id, i.period, r.description, r.deleted_at IS NOT NULL AS deleted
                FROM recurring_instance i JOIN recurring_rule r ON r.id = i.rule_id WHERE i.expense_id = ?
                """, arguments: [expense.rawValue]).map {
                RecurringOrigin(rule: RecurringRuleID($0["rule_id"]), description: $0["description"], period: $0["period"],
                                ruleDeleted: $0["deleted"])
            }
        }
    }
}
