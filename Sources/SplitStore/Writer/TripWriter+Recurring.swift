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
        let before = linked ? try items.read(.recurring(id)) : nil
        try db.execute(sql: "UPDATE recurring_rule SET deleted_at = ? WHERE id = ? AND trip_id = ?",
                       arguments: [at.iso8601, id.rawValue, trip.rawValue])
        if case .recurring(let rule)? = before { try shareRule(id, before: rule) }
    }

    /// Pauses the rule, or resumes it from `today` (periods that fell while paused are skipped).
    func setPaused(_ id: RecurringRuleID, _ paused: Bool, today: CivilDate) throws -> RecurringRule {
        let rule = try liveRule(id)
        var changed = paused ? rule : rule.resumed(on: today)
        changed.paused = paused
        try updateRule(changed, from: rule)
        try log(paused ? "recurring.pause" : "recurring.resume",
                "\(paused ? "paused" : "resumed") recurring '\(rule.template.description)'",
                undo: .setRuleProgress(id: id.rawValue, paused: rule.paused, nextPeriod: rule.nextPeriod))
        return changed
    }

    /// Undoes a pause or resume.
    func setProgress(_ id: RecurringRuleID, paused: Bool, nextPeriod: Int) throws {
        let before = try liveRule(id)
        var rule = before
        rule.paused = paused
        rule.nextPeriod = nextPeriod
        try updateRule(rule, from: before)
    }

    /// The one place a rule's row changes once added: an edit, a pause or resume, a
    /// catch-up's progress, and undo of those all write the rule whole through here, from
    /// `before`, the rule as the caller read it. A linked trip's server is sent what changed
    /// (``shareRule(_:before:)``); progress alone (a catch-up) is never shared, so it costs
    /// no read.
    func updateRule(_ rule: RecurringRule, from before: RecurringRule) throws {
        try RecurringRuleRecord.update(db, rule)
        if rule.shared != before.shared { try shareRule(rule.id, before: before) }
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
        var known: [(ExpenseID, RecurrencePeriod)] = []
        for period in shared.schedule.due(through: today) {
            let id = period.instanceID(rule: shared.id.rawValue)
            guard try instanceKnown(id) else { continue }
            known.append((id, period))
            rule.nextPeriod = period.index + 1
        }
        try RecurringRuleRecord.insert(db, rule, trip: trip, createdAt: at)
        for (id, period) in known { try markInstance(id, rule: shared.id, period: period) }
    }

    /// Records that expense `id`, made on another device and pulled here, is the rule's instance
    /// for `period`, so `expenses` and `expense show` say so here as well.
    private func markInstance(_ id: ExpenseID, rule: RecurringRuleID, period: RecurrencePeriod) throws {
        guard try ExpenseRecord.withID(id).fetchCount(db) > 0 else { return }
        try db.execute(sql: "INSERT OR IGNORE INTO recurring_instance (expense_id, rule_id, period) VALUES (?, ?, ?)",
                       arguments: [id.rawValue, rule.rawValue, period.key])
    }

    /// Whether the trip holds this instance, or the server said it was deleted: a catch-up
    /// never adds it (again).
    private func instanceKnown(_ id: ExpenseID) throws -> Bool {
        if try ExpenseRecord.withID(id).fetchCount(db) > 0 { return true }
        return try Bool.fetchOne(db, sql: "SELECT deleted FROM remote_item WHERE trip_id = ? AND item = ?",
                                 arguments: [trip.rawValue, SyncItemKey.expense(id).text]) == true
    }

    /// `recurring edit`: `change` gives the rule's new template and schedule from the rule as
    /// stored; instances not made yet follow them (``SplitCore/RecurringRule/edited(template:schedule:today:)``).
    /// With `from`, the instances already made dated on or after it are made again by the new
    /// rule, keeping their ids and paid marks, except those no longer as the old rule made
    /// them (edited by hand, here or elsewhere), which keep their edit. Instances before
    /// `from`, and deleted ones, are never touched. One log entry, which undo reverts whole.
    func editRule(_ id: RecurringRuleID, from: CivilDate?, today: CivilDate, present: (CivilDate) -> [MemberID],
                  change: (RecurringRule) throws -> (RecurringTemplate, RecurrenceSchedule)) throws -> RecurringEdit {
        let old = try liveRule(id)
        let (template, schedule) = try change(old)
        let rule = old.edited(template: template, schedule: schedule, today: today)
        var rewrites: [(before: Expense, after: Expense)] = []
        var kept: [Expense] = []
        if let from {
            if let latest = old.latestFrom(today: today), from > latest { throw RecurrenceError.fromAfterNext(from: from, next: latest) }
            let rows = try Row.fetchAll(db, sql: """
                SELECT i.expense_id, i.period FROM recurring_instance i JOIN expense e ON e.id = i.expense_id
                WHERE i.rule_id = ? AND e.trip_id = ? AND e.deleted_at IS NULL AND e.expense_date >= ?
                ORDER BY e.expense_date, e.id
                """, arguments: [id.rawValue, trip.rawValue, from.description])
            for row in rows {
                let expenseID = ExpenseID(row["expense_id"] as String)
                guard let before = try ExpenseListing.expense(db, expenseID, trip: trip, includeDeleted: false) else { continue }
                guard old.made(before, present: present) else {
                    kept.append(before)
                    continue
                }
                let after = try rule.remade(before, key: row["period"], present: present)
                if !RecurringRule.sameContent(before, after) || before.splitGiven != after.splitGiven {
                    rewrites.append((before, after))
                }
            }
        }
        var added: [Expense] = []
        if !rewrites.isEmpty {
            let names = try MemberRecord.names(db, trip: trip)
            for (before, after) in rewrites {
                try after.validate()
                try MembershipRule.check(after) { names[$0] != nil }
                let parts = try nodeParts([after])
                try overwriteExpense(parts[0])
                try queue(.updateExpense(parts[0]), before: .expense(before))
                for part in parts.dropFirst() {
                    try insertExpense(part)
                    try queue(.createExpense(part), before: nil)
                    added.append(part)
                }
            }
        }
        try updateRule(rule, from: old)
        var summary = "edited recurring '\(rule.template.description)'"
        if let from {
            summary += " from \(from): \(rewrites.count) instance\(rewrites.count == 1 ? "" : "s") changed"
            if !kept.isEmpty { summary += ", \(kept.count) edited by hand kept" }
        }
        try log("recurring.edit", summary,
                undo: .restoreRuleEdit(rule: RecurringRuleRecord.snapshot(old), editedNext: rule.nextPeriod,
                                       expenses: rewrites.map { ExpenseSnapshot($0.before) }, removing: added.map(\.id.rawValue)))
        return RecurringEdit(rule: rule, changed: rewrites.map(\.after), kept: kept)
    }

    /// Undoes ``editRule(_:from:today:present:change:)`` for the rule: `old` as it was. Its
    /// progress is put back too, unless a catch-up has moved it since the edit (and undo
    /// removed what it added): then the old schedule goes on after what the edited rule
    /// considered, so those periods do not come back.
    func restoreRuleVersion(_ old: RecurringRule, editedNext: Int) throws {
        let current = try liveRule(old.id)
        var restored = old
        if current.nextPeriod != editedNext {
            restored.nextPeriod = max(old.nextPeriod, current.nextPeriod(under: old.schedule, today: at.utcDate))
        }
        try updateRule(restored, from: current)
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
            let (due, advanced) = rule.catchUp(through: today)
            var progress = advanced
            for period in due {
                let id = period.instanceID(rule: rule.id.rawValue)
                // Made before, here or on another device (and maybe deleted since): never again,
                // but one that came from another device is marked as this rule's here too.
                guard try !instanceKnown(id) else {
                    try markInstance(id, rule: rule.id, period: period)
                    continue
                }
                do {
                    instances.append(try rule.template.instance(of: rule.id, period, present: try present(period.date)))
                } catch let error as UserFacingError {
                    // The rule waits at this period until it can be made.
                    problems.append("recurring '\(rule.template.description)' could not add \(period.date): \(error.message)")
                    progress.nextPeriod = period.index
                    break
                }
                try db.execute(sql: "INSERT OR IGNORE INTO recurring_instance (expense_id, rule_id, period) VALUES (?, ?, ?)",
                               arguments: [id.rawValue, rule.id.rawValue, period.key])
            }
            if progress != rule { try updateRule(progress, from: rule) }
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
