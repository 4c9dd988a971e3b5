import GRDB
import SplitCore

private typealias Columns = CategoryRecord.Columns

extension TripWriter {
    /// Adds a category at the end of the trip's list. Names follow the member-name rules
    /// (``SplitCore/NameRules/category(_:)``) and are unique per trip, case-insensitively.
    func addCategory(_ raw: String, position: Int? = nil) throws {
        let name = try NameRules.category(raw)
        try TripRecord.require(db, trip)
        guard try CategoryRecord.named(name, trip: trip).isEmpty(db) else { throw CategoryError.duplicate(name) }
        let last = try Int.fetchOne(db, sql: "SELECT max(position) FROM trip_category WHERE trip_id = ?",
                                    arguments: [trip.rawValue]) ?? 0
        if let position, position <= last {
            try db.execute(sql: "UPDATE trip_category SET position = position + 1 WHERE trip_id = ? AND position >= ?",
                           arguments: [trip.rawValue, position])
        }
        let before = try categories()
        try db.execute(sql: "INSERT INTO trip_category (trip_id, name, name_key, position) VALUES (?, ?, ?, ?)",
                       arguments: [trip.rawValue, name, Category.key(for: name), min(position ?? last + 1, last + 1)])
        try shareCategories(before: before)
        try log("category.add", "added category \(name)", undo: .removeCategory(name))
    }

    /// Renames a category and every expense that names it (deleted ones too, so undo of a
    /// delete brings back the new name), in this one transaction. A new spelling of the same
    /// name (`rent` to `Rent`) is a rename too.
    func renameCategory(_ oldName: String, to raw: String) throws {
        let name = try NameRules.category(raw)
        let old = try resolve(oldName)
        if old == .other && name != old.rawValue { throw CategoryError.keepsOther(action: "renamed") }
        if Category.key(for: name) != old.key, try !CategoryRecord.named(name, trip: trip).isEmpty(db) {
            throw CategoryError.duplicate(name)
        }
        guard name != old.rawValue else { return }
        let before = try categories()
        if linked, Category.key(for: name) != old.key {
            // The server keeps every category an expense names: the new name joins the list
            // before the expenses move to it, and the old one leaves after.
            try queue(.setCategories(before + [Category(rawValue: name)]), before: .categories(before))
        }
        try CategoryRecord.named(old.rawValue, trip: trip)
            .updateAll(db, Columns.name.set(to: name), Columns.nameKey.set(to: Category.key(for: name)))
        let named = ExpenseRecord.filter(ExpenseRecord.Columns.tripID == trip.rawValue
                                         && ExpenseRecord.Columns.category == old.rawValue)
        // On a linked trip, each live expense renamed goes to the server as an edit.
        let queued = linked ? try ExpenseRecord.live(trip).filter(ExpenseRecord.Columns.category == old.rawValue)
            .select(ExpenseRecord.Columns.id, as: String.self).fetchAll(db) : []
        let befores = try queued.map { try ExpenseRecord.find(db, $0, trip: trip) }
        let count = try named.updateAll(db, ExpenseRecord.Columns.category.set(to: name))
        // The trip's recurring expenses follow, so their next instances name the new spelling.
        for rule in try RecurringRuleRecord.live(trip).filter(RecurringRuleRecord.Columns.category == old.rawValue)
            .fetchAll(db).map(\.rule) {
            var renamed = rule
            renamed.template.category = Category(rawValue: name)
            try updateRule(renamed, from: rule)
        }
        for before in befores {
            var after = before
            after.category = Category(rawValue: name)
            try queue(.updateExpense(after), before: .expense(before))
        }
        try shareCategories(before: before)
        try log("category.rename", "renamed category \(old.rawValue) to \(name)"
                    + (count == 0 ? "" : " in \(count) expense\(count == 1 ? "" : "s")"),
                undo: .renameCategory(from: name, to: old.rawValue))
    }

    /// Removes a category no live expense or recurring expense names; refused with the count
    /// (or the rules) otherwise. `Other`
    /// stays (``SplitCore/CategoryError/keepsOther(action:)``).
    func removeCategory(_ oldName: String) throws {
        let old = try resolve(oldName)
        if old == .other { throw CategoryError.keepsOther(action: "removed") }
        let uses = try ExpenseRecord.live(trip).filter(ExpenseRecord.Columns.category == old.rawValue).fetchCount(db)
        guard uses == 0 else { throw CategoryError.inUse(name: old.rawValue, expenses: uses) }
        let rules = try RecurringRuleRecord.live(trip).filter(RecurringRuleRecord.Columns.category == old.rawValue).fetchAll(db)
        guard rules.isEmpty else {
            throw CategoryError.usedByRecurring(name: old.rawValue, rules: rules.map(\.rule.template.description))
        }
        let position = try CategoryRecord.named(old.rawValue, trip: trip).select(Columns.position, as: Int.self).fetchOne(db)
        let before = try categories()
        try CategoryRecord.named(old.rawValue, trip: trip).deleteAll(db)
        try shareCategories(before: before)
        try log("category.remove", "removed category \(old.rawValue)", undo: .addCategory(old.rawValue, position: position))
    }

    /// Adds those of `names` the trip does not have, in their order, at the end of its list:
    /// what an import does with the file's categories and the ones its expenses name. Not
    /// logged on its own (the import is one entry).
    func ensureCategories(_ names: [String]) throws {
        var have = Set(try CategoryRecord.categories(db, trip: trip).categories.map(\.key))
        var last = try Int.fetchOne(db, sql: "SELECT max(position) FROM trip_category WHERE trip_id = ?",
                                    arguments: [trip.rawValue]) ?? 0
        for name in names where have.insert(Category.key(for: name)).inserted {
            last += 1
            try db.execute(sql: "INSERT INTO trip_category (trip_id, name, name_key, position) VALUES (?, ?, ?, ?)",
                           arguments: [trip.rawValue, try NameRules.category(name), Category.key(for: name), last])
        }
    }

    /// The trip's categories in listing order.
    private func categories() throws -> [Category] { try CategoryRecord.categories(db, trip: trip).categories }

    /// Queues the trip's list as it now is for a linked trip's server: every change to the
    /// list goes through here. On the Node server nothing is queued (``NodeRules``): the
    /// list stays on the device and a category of the trip's own travels as Other.
    private func shareCategories(before: [Category]) throws {
        guard linked else { return }
        let now = try categories()
        if now != before { try queue(.setCategories(now), before: .categories(before)) }
    }

    /// Takes a server's list (``put(_:_:createdAt:)``), in its order, keeping at the end any
    /// category a live expense of the trip still names.
    func replaceCategories(_ list: [Category]) throws {
        let used = try String.fetchAll(db, sql: "SELECT DISTINCT category FROM expense WHERE trip_id = ? AND deleted_at IS NULL",
                                       arguments: [trip.rawValue])
        try db.execute(sql: "DELETE FROM trip_category WHERE trip_id = ?", arguments: [trip.rawValue])
        try ensureCategories(list.map(\.rawValue) + used)
    }

    /// The trip's category named `name` (any case), as the trip spells it.
    private func resolve(_ name: String) throws -> Category {
        try CategoryRecord.categories(db, trip: trip).resolve(name)
    }
}
