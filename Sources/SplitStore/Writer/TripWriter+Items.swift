import GRDB
import SplitCore

private typealias ExpenseColumns = ExpenseRecord.Columns

extension TripWriter {
    /// Makes one synced item `value`, or deletes it when `value` is nil: what a pull, a merge
    /// and a resolution write. Balances follow through the schema's triggers, and deletes are
    /// soft. `createdAt` is the server's creation time: listings order same-day items by it,
    /// so every device lists them alike.
    func put(_ key: SyncItemKey, _ value: SyncValue?, createdAt: Timestamp? = nil) throws {
        switch (key, value) {
        case (.group, .group(let name, let currency)?):
            try takeServerName(name)
            if let currency {
                try TripRecord.withID(trip).updateAll(db, TripRecord.Columns.currency.set(to: currency.code))
            }
        case (.group, _):
            break
        case (.member, .member(let member)?):
            try putMember(member)
        case (.member(let id), _):
            try MemberRecord.live(id, trip: trip).updateAll(db, MemberRecord.Columns.removedAt.set(to: at.iso8601))
        case (.expense(let id), .expense(let expense)?):
            // A category of the group's own joins the trip's list, as an import's does.
            if !expense.category.isDefault { try ensureCategories([expense.category.rawValue]) }
            let row = ExpenseRecord.withID(id)
            if let state = try Row.fetchOne(db, row.select(ExpenseColumns.tripID, ExpenseColumns.deletedAt)) {
                guard (state[ExpenseColumns.tripID] as String) == trip.rawValue else { throw foreign(key) }
                if !(state[ExpenseColumns.deletedAt] as DatabaseValue).isNull {
                    try row.updateAll(db, ExpenseColumns.deletedAt.set(to: nil))
                }
                try overwriteExpense(try keepingLocalCategory(try keepingLocalSplitGiven(expense)))
                if let createdAt { try setCreatedAt(key, createdAt) }
            } else {
                try insertExpense(expense, createdAt: createdAt ?? expense.createdAt)
            }
        case (.expense(let id), _):
            try ExpenseRecord.withID(id).filter(ExpenseColumns.tripID == trip.rawValue && ExpenseColumns.deletedAt == nil)
                .updateAll(db, ExpenseColumns.deletedAt.set(to: at.iso8601))
        case (.payment(let id), .payment(let payment)?):
            if let holder = try PaymentRecord.withID(id).select(PaymentRecord.Columns.tripID, as: String.self).fetchOne(db) {
                guard holder == trip.rawValue else { throw foreign(key) }
                try overwritePayment(payment, createdAt: createdAt)
            } else {
                try insertPayment(payment, createdAt: createdAt)
            }
        case (.payment(let id), _):
            try deletePayment(id)
        case (.rate(let code), .rate(_, let rate)?):
            try writeRate(code, rate.text)
        case (.rate(let code), _):
            try writeRate(code, nil)
        case (.categories, .categories(let list)?):
            try replaceCategories(list)
        case (.categories, _):
            break
        case (.recurring, .recurring(let rule)?):
            try putRule(rule)
        case (.recurring(let id), _):
            try RecurringRuleRecord.live(trip).filter(RecurringRuleRecord.Columns.id == id.rawValue)
                .updateAll(db, RecurringRuleRecord.Columns.deletedAt.set(to: at.iso8601))
        case (.exchanges(let id), .exchanges(let step)?):
            try putExchanges(id, step)
        case (.exchanges(let id), _):
            try putExchanges(id, nil)
        }
    }

    /// `expense`, a server's version, with the split as given this device keeps for it, when
    /// the server holds none (``keepsLocalSplitGiven``) and it still gives the new shares.
    private func keepingLocalSplitGiven(_ expense: Expense) throws -> Expense {
        guard keepsLocalSplitGiven, expense.splitGiven == nil,
              let text = try ExpenseRecord.withID(expense.id).select(ExpenseColumns.splitGiven, as: String.self).fetchOne(db),
              let rule = SplitRuleText.rule(text), rule.reproduces(expense.splits, amount: expense.amount) else { return expense }
        var kept = expense
        kept.splitGiven = rule
        return kept
    }

    /// `expense`, a server's version in Other, with the category of the trip's own this device
    /// keeps for it, when the server stores none (``keepsLocalCategory``): the server was
    /// sent Other for it. Any other category the server has is another client's edit, and wins.
    private func keepingLocalCategory(_ expense: Expense) throws -> Expense {
        guard keepsLocalCategory, expense.category == .other,
              let name = try ExpenseRecord.withID(expense.id).select(ExpenseColumns.category, as: String.self).fetchOne(db),
              !Category(rawValue: name).isDefault else { return expense }
        var kept = expense
        kept.category = Category(rawValue: name)
        return kept
    }

    /// Adds an item to a trip that cannot hold it yet (a first pull): no lookups. A tombstone
    /// adds nothing.
    func create(_ key: SyncItemKey, _ value: SyncValue?, createdAt: Timestamp?) throws {
        switch value {
        case .expense(let expense)?:
            if !expense.category.isDefault { try ensureCategories([expense.category.rawValue]) }
            try insertExpense(expense, createdAt: createdAt ?? expense.createdAt)
        case .member(let member)?:
            try insertMember(member)
        case nil:
            return
        default:
            try put(key, value, createdAt: createdAt)
        }
    }

    /// Gives an expense or payment the server's creation time, when it differs.
    func setCreatedAt(_ key: SyncItemKey, _ createdAt: Timestamp) throws {
        // A pull runs this per item: one SQL text per table, so the statement is cached.
        let text = createdAt.iso8601
        switch key {
        case .expense(let id):
            typealias Columns = ExpenseColumns
            try db.cachedStatement(literal: """
                UPDATE \(ExpenseRecord.self) SET \(Columns.createdAt) = \(text)
                WHERE \(Columns.id) = \(id.rawValue) AND \(Columns.tripID) = \(trip.rawValue) AND \(Columns.createdAt) <> \(text)
                """).execute()
        case .payment(let id):
            typealias Columns = PaymentRecord.Columns
            try db.cachedStatement(literal: """
                UPDATE \(PaymentRecord.self) SET \(Columns.createdAt) = \(text)
                WHERE \(Columns.id) = \(id.rawValue) AND \(Columns.tripID) = \(trip.rawValue) AND \(Columns.createdAt) <> \(text)
                """).execute()
        default:
            return
        }
    }

    /// The trip takes the server's name; an empty one (the Node server does not refuse it)
    /// leaves the local name in place.
    private func takeServerName(_ name: String) throws {
        guard !name.trimmingSpaces.isEmpty else { return }
        let free = try Self.freeTripName(db, String(name.prefix(NameRules.maxLength)), for: trip)
        try writeTripName(free)
    }

    /// `name`, or `name (2)`, `(3)`... when another local trip holds it: a server's trip name
    /// must fit on this device, where trip names are unique.
    static func freeTripName(_ db: Database, _ name: String, for trip: TripID) throws -> String {
        var candidate = name
        var attempt = 1
        while try !TripRecord.named(Member.key(for: candidate), except: trip).isEmpty(db) {
            attempt += 1
            candidate = String(name.prefix(94)) + " (\(attempt))"
        }
        return candidate
    }
}
