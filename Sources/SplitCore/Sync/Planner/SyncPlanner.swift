/// The sync decisions, in one place and pure: given what the server answered and what the
/// device holds, what the trip becomes, what is held, which conflicts are recorded and what
/// goes to the server again. The store loads the versions it needs and applies the plan in one
/// transaction (`SyncApplier`); the planner is tested in-process, like settlement.
///
/// - A pulled item (``pulled(_:heldRevision:waiting:local:)``) is skipped when the device holds
///   that revision already, kept beside the local version while local changes wait, held
///   when it has no sound reading, taken as an echo when it is what the trip holds, else
///   written.
/// - A change the server did not take (``settle(_:)``) is merged field by field with the
///   server's version (``merge(base:mine:theirs:)``); what both sides changed differently is a
///   conflict, the trip shows the server's value, and a merge that differs from the server's
///   version goes again.
public enum SyncPlanner {
    public static func pulled(_ item: RemoteItem, heldRevision: Int64?, waiting: Bool, local: SyncValue?) -> PullDecision {
        if isStale(item, heldRevision: heldRevision) { return .skip }
        if waiting { return .keepLocal }
        if item.held != nil { return .hold }
        if let value = item.value, let local, sameContent(local, value) { return .echo }
        return .write(item.value)
    }

    /// Whether the device already holds this revision of the item or a newer one: two syncs
    /// racing never move an item backwards.
    public static func isStale(_ item: RemoteItem, heldRevision: Int64?) -> Bool {
        guard let heldRevision else { return false }
        return heldRevision >= item.revision
    }

    public static func settle(_ trouble: SyncTrouble) -> Settlement {
        if let current = trouble.current, let held = current.held {
            // No sound reading of the server's version: the trip leaves the item out like
            // everyone else's, and the local version is kept in a conflict, so that
            // `split resolve --mine` can send it as the fix.
            let conflicts = trouble.mine.map { [PlannedConflict(field: "held", mine: $0, theirs: nil, detail: held.reason)] } ?? []
            return Settlement(write: nil, holds: true, conflicts: conflicts)
        }
        let theirs = trouble.current.map(\.value) ?? trouble.known
        if trouble.operation.isCreation, trouble.rejection == nil, let current = trouble.current {
            // The server held the new item's id already, deleted or changed: the same item made
            // first on another device (a recurring instance, named after its rule and period)
            // or by this one in a sync whose answer was lost. Its version stands, no conflict.
            return Settlement(write: current.value)
        }
        if let reason = trouble.rejection {
            // A removal refused because the item is gone reached what it wanted.
            if trouble.operation.isRemoval && theirs == nil { return Settlement(write: nil) }
            return Settlement(write: theirs, conflicts: [PlannedConflict(field: "rejected", mine: trouble.mine, theirs: theirs,
                                                                         detail: reason)])
        }
        switch (trouble.mine, theirs) {
        case (nil, nil):
            return Settlement(write: nil)
        case (nil, _), (_, nil):
            // An edit against a delete, either way round: the server's side shows.
            return Settlement(write: theirs, conflicts: [PlannedConflict(field: "deleted", mine: trouble.mine, theirs: theirs)])
        case (let mine?, let theirs?):
            let (merged, fields) = merge(base: trouble.base, mine: mine, theirs: theirs)
            return Settlement(write: merged,
                              conflicts: fields.map { PlannedConflict(field: $0, mine: mine, theirs: theirs) },
                              resend: merged != theirs ? resend(merged) : nil)
        }
    }

    /// Whether two versions hold the same content, creation times apart (the trip keeps the
    /// server's, set separately).
    public static func sameContent(_ local: SyncValue, _ server: SyncValue) -> Bool {
        guard case .expense(var mine) = local, case .expense(var theirs) = server else { return local == server }
        mine.createdAt = nil
        theirs.createdAt = nil
        return mine == theirs
    }

    /// The merged version and the fields in conflict, for two versions of one item.
    public static func merge(base: SyncValue?, mine: SyncValue, theirs: SyncValue) -> (SyncValue, [String]) {
        switch (mine, theirs) {
        case (.expense(let mine), .expense(let theirs)):
            var baseExpense: Expense?
            if case .expense(let value)? = base { baseExpense = value }
            let (merged, fields) = SyncMerge.expense(base: baseExpense, mine: mine, theirs: theirs)
            return (.expense(merged), fields.map(\.rawValue))
        case (.member(let mine), .member(let theirs)):
            var baseName: String?
            if case .member(let value)? = base { baseName = value.name }
            let (name, clash) = SyncMerge.value(base: baseName, mine: mine.name, theirs: theirs.name)
            return (.member(Member(id: theirs.id, name: name)), clash ? ["name"] : [])
        case (.rate(let currency, let mine), .rate(_, let theirs)):
            var baseRate: ExchangeRate?
            if case .rate(_, let value)? = base { baseRate = value }
            let (rate, clash) = SyncMerge.value(base: baseRate, mine: mine, theirs: theirs)
            return (.rate(currency: currency, rate: rate), clash ? ["rate"] : [])
        case (.group(let mine, let mineCurrency), .group(let theirs, let theirsCurrency)):
            var baseName: String?
            if case .group(let value, _)? = base { baseName = value }
            let (name, clash) = SyncMerge.value(base: baseName, mine: mine, theirs: theirs)
            return (.group(name: name, currency: theirsCurrency ?? mineCurrency), clash ? ["name"] : [])
        case (.categories(let mine), .categories(let theirs)):
            // Lists merge as sets: the server's, with what this device added and without what
            // it removed since the base. Nothing conflicts.
            var baseList: [Category] = []
            if case .categories(let value)? = base { baseList = value }
            let baseKeys = Set(baseList.map(\.key)), mineKeys = Set(mine.map(\.key))
            let removed = baseKeys.subtracting(mineKeys)
            var merged = theirs.filter { !removed.contains($0.key) || $0 == .other }
            var keys = Set(merged.map(\.key))
            for category in mine where !baseKeys.contains(category.key) && keys.insert(category.key).inserted {
                merged.append(category)
            }
            return (.categories(merged), [])
        case (.recurring(let mine), .recurring(let theirs)):
            // A rule changes as a whole (its schedule and template go together): the
            // server's stands, and a different local one is listed.
            return (.recurring(theirs), mine == theirs ? [] : ["rule"])
        default:
            // Payments and exchanges never change after they are made: the server's stands.
            return (theirs, mine == theirs ? [] : ["payment"])
        }
    }

    /// The operation that sends a merged version on the server's new base.
    public static func resend(_ merged: SyncValue) -> SyncOperation? {
        switch merged {
        case .expense(let expense): return .updateExpense(expense)
        case .member(let member): return .renameMember(member)
        case .rate(let currency, let rate): return .setRate(currency: currency, rate: rate)
        case .group(let name, _): return .renameGroup(name: name)
        case .recurring(let rule): return .putRecurring(rule)
        case .categories(let list): return .setCategories(list)
        case .payment, .exchanges: return nil
        }
    }
}
