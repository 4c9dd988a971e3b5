import GRDB
import SplitCore

private typealias Columns = RecurringRuleRecord.Columns

extension TripWriter {
    /// Adds a recurring rule (its instances come with the next catch-up).
    func addRule(_ rule: RecurringRule) throws {
        try RecurringRuleRecord.insert(db, rule, trip: trip, createdAt: at)
        try log("recurring.add", "added recurring '\(rule.template.description)' every \(rule.schedule.frequency.rawValue)",
                undo: .removeRule(rule.id.rawValue))
    }

    /// Deletes a rule; its instances stay, as expenses already made.
    func deleteRule(_ id: RecurringRuleID) throws {
        let rule = try liveRule(id)
        try db.execute(sql: "UPDATE recurring_rule SET deleted_at = ? WHERE id = ?", arguments: [at.iso8601, id.rawValue])
        try log("recurring.delete", "deleted recurring '\(rule.template.description)'", undo: .restoreRule(id.rawValue))
    }

    /// Undoes ``deleteRule(_:)``.
    func restoreRule(_ id: RecurringRuleID) throws {
        try db.execute(sql: "UPDATE recurring_rule SET deleted_at = NULL WHERE id = ? AND trip_id = ?",
                       arguments: [id.rawValue, trip.rawValue])
    }

    /// Undoes ``addRule(_:)``: the rule goes, as if never added (it made no instance yet, or
    /// undo would have reverted those first).
    func removeRule(_ id: RecurringRuleID) throws {
        try db.execute(sql: "UPDATE recurring_rule SET deleted_at = ? WHERE id = ? AND trip_id = ?",
                       arguments: [at.iso8601, id.rawValue, trip.rawValue])
    }

    /// Pauses the rule, or resumes it from `today` (periods that fell while paused are skipped).
    func setPaused(_ id: RecurringRuleID, _ paused: Bool, today: CivilDate) throws {
        let rule = try liveRule(id)
        var changed = paused ? rule : rule.resumed(on: today)
        changed.paused = paused
        try RecurringRuleRecord.saveProgress(db, changed)
        try log(paused ? "recurring.pause" : "recurring.resume",
                "\(paused ? "paused" : "resumed") recurring '\(rule.template.description)'",
                undo: .setRuleProgress(id: id.rawValue, paused: rule.paused, nextPeriod: rule.nextPeriod))
    }

    /// Undoes a pause or resume.
    func setProgress(_ id: RecurringRuleID, paused: Bool, nextPeriod: Int) throws {
        var rule = try liveRule(id)
        rule.paused = paused
        rule.nextPeriod = nextPeriod
        try RecurringRuleRecord.saveProgress(db, rule)
    }

    /// Adds every due instance of the trip's rules up to `today`, as one change (undo deletes
    /// them all; a deleted instance is never added again). `present` gives the members who
    /// share an instance dated on a day when its rule names nobody. A period whose instance
    /// cannot be made (nobody present, a payer removed) stops its rule there, with a problem
    /// to show, rather than stopping every command on the trip.
    func catchUp(_ rules: [RecurringRule], today: CivilDate, present: (CivilDate) throws -> [MemberID]) throws -> RecurringCatchUp {
        var instances: [Expense] = []
        var problems: [String] = []
        for rule in rules {
            var progress = rule
            let (due, _) = rule.catchUp(through: today)
            for period in due {
                let id = period.instanceID(rule: rule.id.rawValue)
                // Made before, here or on another device (and maybe deleted since): never again.
                if try ExpenseRecord.withID(id).fetchCount(db) == 0 {
                    do {
                        instances.append(try rule.template.instance(of: rule.id, period, present: try present(period.date)))
                    } catch let error as UserFacingError {
                        problems.append("recurring '\(rule.template.description)' could not add \(period.date): \(error.message)")
                        break
                    }
                    try db.execute(sql: "INSERT OR IGNORE INTO recurring_instance (expense_id, rule_id, period) VALUES (?, ?, ?)",
                                   arguments: [id.rawValue, rule.id.rawValue, period.key])
                }
                progress.nextPeriod = period.index + 1
            }
            try RecurringRuleRecord.saveProgress(db, progress)
        }
        let added = instances.isEmpty ? [] : try addExpenses(instances)
        return RecurringCatchUp(added: added, problems: problems)
    }

    private func liveRule(_ id: RecurringRuleID) throws -> RecurringRule {
        guard let rule = try RecurringRuleRecord.live(trip).filter(Columns.id == id.rawValue).fetchOne(db)?.rule else {
            throw StoreError.notFound("no recurring expense \(id.short) in this trip")
        }
        return rule
    }
}
