import GRDB
import SplitCore

private typealias Columns = RecurringRuleRecord.Columns

extension TripWriter {
    /// Adds a recurring rule (its instances come with the next catch-up).
    func addRule(_ rule: RecurringRule) throws {
        try RecurringRuleRecord.insert(db, rule, trip: trip, createdAt: at)
        try shareRule(rule.id, before: nil)
        try log("recurring.add", "added recurring '\(rule.template.description)' every \(rule.schedule.frequency.rawValue)",
                undo: .removeRule(rule.id.rawValue))
    }

    /// Deletes a rule; its instances stay, as expenses already made.
    func deleteRule(_ id: RecurringRuleID) throws {
        let rule = try liveRule(id)
        try db.execute(sql: "UPDATE recurring_rule SET deleted_at = ? WHERE id = ?", arguments: [at.iso8601, id.rawValue])
        try shareRule(id, before: rule)
        try log("recurring.delete", "deleted recurring '\(rule.template.description)'", undo: .restoreRule(id.rawValue))
    }

    /// Undoes ``deleteRule(_:)``.
    func restoreRule(_ id: RecurringRuleID) throws {
        try db.execute(sql: "UPDATE recurring_rule SET deleted_at = NULL WHERE id = ? AND trip_id = ?",
                       arguments: [id.rawValue, trip.rawValue])
        try shareRule(id, before: nil)
    }

    /// Undoes ``addRule(_:)``: the rule goes, as if never added (it made no instance yet, or
    /// undo would have reverted those first).
    func removeRule(_ id: RecurringRuleID) throws {
        let before = try items.read(.recurring(id))
        try db.execute(sql: "UPDATE recurring_rule SET deleted_at = ? WHERE id = ? AND trip_id = ?",
                       arguments: [at.iso8601, id.rawValue, trip.rawValue])
        if case .recurring(let rule)? = before { try shareRule(id, before: rule) }
    }

    /// Pauses the rule, or resumes it from `today` (periods that fell while paused are skipped).
    func setPaused(_ id: RecurringRuleID, _ paused: Bool, today: CivilDate) throws {
        let rule = try liveRule(id)
        var changed = paused ? rule : rule.resumed(on: today)
        changed.paused = paused
        try RecurringRuleRecord.saveProgress(db, changed)
        try shareRule(id, before: rule)
        try log(paused ? "recurring.pause" : "recurring.resume",
                "\(paused ? "paused" : "resumed") recurring '\(rule.template.description)'",
                undo: .setRuleProgress(id: id.rawValue, paused: rule.paused, nextPeriod: rule.nextPeriod))
    }

    /// Undoes a pause or resume.
    func setProgress(_ id: RecurringRuleID, paused: Bool, nextPeriod: Int) throws {
        var rule = try liveRule(id)
        let before = rule
        rule.paused = paused
        rule.nextPeriod = nextPeriod
        try RecurringRuleRecord.saveProgress(db, rule)
        if before.paused != paused { try shareRule(id, before: before) }
    }

    /// Queues the rule as it now is, or its deletion, for a linked trip's server: every change
    /// to a rule's definition or pause goes through here (an edit too), so none is left
    /// unsynced. A catch-up's progress is not shared: each device derives the same instance
    /// ids. On the Node server nothing is queued (``NodeRules``): the rule stays here.
    func shareRule(_ id: RecurringRuleID, before: RecurringRule?) throws {
        guard linked else { return }
        let now = try items.read(.recurring(id))
        let base = before.map { SyncValue.recurring($0.shared) }
        if case .recurring(let rule)? = now {
            guard now != base else { return }
            try queue(.putRecurring(rule), before: base)
        } else if base != nil {
            try queue(.deleteRecurring(id), before: base)
        }
    }

    /// Takes a server's version of a rule (``put(_:_:createdAt:)``): its definition and pause,
    /// keeping this device's progress. A rule resumed elsewhere resumes here from today, as
    /// `recurring resume` would. A rule new to this device goes on after the latest instance
    /// the trip holds (live or deleted), so periods skipped while it was paused elsewhere are
    /// not made here; with none, from its first period.
    func putRule(_ shared: RecurringRule) throws {
        let today = at.utcDate
        if let local = try RecurringRuleRecord.filter(Columns.id == shared.id.rawValue).fetchOne(db)?.rule {
            guard try RecurringRuleRecord.filter(Columns.id == shared.id.rawValue && Columns.tripID == trip.rawValue)
                .fetchCount(db) > 0 else { throw foreign(.recurring(shared.id)) }
            var rule = shared
            rule.nextPeriod = local.nextPeriod
            // The server was sent Other for a category of the trip's own: the device keeps it.
            if shared.template.category == .other, !local.template.category.isDefault {
                rule.template.category = local.template.category
            }
            if local.paused && !shared.paused { rule = rule.resumed(on: today) }
            try RecurringRuleRecord.replace(db, rule)
            return
        }
        var rule = shared
        for period in shared.schedule.due(through: today)
        where try instanceKnown(period.instanceID(rule: shared.id.rawValue)) {
            rule.nextPeriod = period.index + 1
        }
        try RecurringRuleRecord.insert(db, rule, trip: trip, createdAt: at)
    }

    /// Whether the trip holds this instance, or the server said it was deleted: a catch-up
    /// never adds it (again).
    private func instanceKnown(_ id: ExpenseID) throws -> Bool {
        if try ExpenseRecord.withID(id).fetchCount(db) > 0 { return true }
        return try Bool.fetchOne(db, sql: "SELECT deleted FROM remote_item WHERE trip_id = ? AND item = ?",
                                 arguments: [trip.rawValue, SyncItemKey.expense(id).text]) == true
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
                if try !instanceKnown(id) {
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
