import GRDB
import SplitCore

extension LocalBackend {
    @discardableResult
    public func addExpenses(_ expenses: [Expense], trip: TripID, at: Timestamp) async throws -> [Expense] {
        guard !expenses.isEmpty else { throw StoreError.invalid("no expenses to add") }
        for expense in expenses {
            try expense.validate()
            try expense.validateText()
        }
        return try database.write { db in
            // A trip linked to the Node server holds one payer per expense.
            let expenses = try nodeParts(db, trip: trip, expenses)
            // A big batch adds its balance totals once at the end, as an import does, instead
            // of paying the triggers per row (BulkTotals).
            let bulk = expenses.count >= BulkTotals.threshold ? try BulkTotals.suspend(db) : nil
            defer { bulk?.restoreCacheSize(db) }
            // One read serves the membership check and the log line. A trip deleted meanwhile
            // has no live members, so its expenses are refused here too.
            let names = try memberNames(db, trip: trip)
            for expense in expenses {
                try Self.requireMembers(of: expense, in: names)
                try insert(db, expense, trip: trip, at: at)
                bulk?.add(expense, trip: trip)
            }
            try bulk?.resume(db)
            try recordSync(db, trip: trip, expenses.map { (.createExpense($0), nil) }, at: at)
            let summary: String
            if expenses.count == 1, let expense = expenses.first {
                let payers = expense.payers.map { names[$0.memberID] ?? "?" }.joined(separator: " and ")
                summary = "added expense '\(expense.description)' \(expense.amount) paid by \(payers)"
            } else {
                summary = "added \(expenses.count) expenses"
            }
            try log(db, trip: trip, at: at, action: "expense.add", summary: summary,
                    undo: .removeExpenses(expenses.map(\.id.rawValue)))
            return expenses.map { expense in
                var stored = expense
                stored.createdAt = at
                return stored
            }
        }
    }

    /// The Node server knows one payer per expense, so on a trip linked to it an expense that
    /// several members paid is stored as one expense per payer (``SplitCore/PayerParts``), with
    /// the same balances: this device then holds what the server and every other device will.
    /// The first part keeps the expense's id. Any other trip keeps it whole.
    func nodeParts(_ db: Database, trip: TripID, _ expenses: [Expense]) throws -> [Expense] {
        guard expenses.contains(where: { $0.soloPayer == nil }),
              try SyncRecorder.open(db, trip)?.syncProtocol == .snapshot else { return expenses }
        return expenses.flatMap { expense in
            PayerParts.singlePayerExpenses(of: expense, ids: expense.payers.dropFirst().map { _ in ExpenseID(SyncRecorder.newID()) })
        }
    }

    /// Inserts one validated expense and its splits with cached statements (batch-friendly).
    func insert(_ db: Database, _ expense: Expense, trip: TripID, at: Timestamp, createdAt: Timestamp? = nil) throws {
        let insertExpense = try RowInserter(db, sql: """
            INSERT INTO expense (id, trip_id, description, amount, currency, category, paid_by, expense_date, note, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let updated = at.iso8601
        try insertExpense.run([
            .text(expense.id.rawValue), .text(trip.rawValue), .text(expense.description), .int(expense.amount.minorUnits),
            .text(expense.amount.currency.code), .text(expense.category.rawValue), .text(expense.leadPayer.rawValue),
            .text(expense.date.description), expense.note.map { .text($0) } ?? .null,
            .text(createdAt.map(\.iso8601) ?? updated), .text(updated),
        ])
        try insertSplits(db, expense)
    }

    /// Writes the expense's rows: each payer's part of each share (``SchemaV6``).
    func insertSplits(_ db: Database, _ expense: Expense) throws {
        let insertSplit = try RowInserter(db, sql: """
            INSERT INTO expense_split (expense_id, member_id, payer_id, amount, is_paid) VALUES (?, ?, ?, ?, ?)
            """)
        for part in PayerParts.parts(of: expense) {
            let payer = RowInserter.Value.text(part.payer.memberID.rawValue)
            for split in part.splits {
                try insertSplit.run([.text(expense.id.rawValue), .text(split.memberID.rawValue), payer, .int(split.amount),
                                     .int(split.isPaid ? 1 : 0)])
            }
        }
    }

    static func requireMembers(of expense: Expense, in live: [MemberID: String]) throws {
        try MembershipRule.check(expense) { live[$0] != nil }
    }

    public func expenses(trip: TripID, filter: ExpenseFilter) async throws -> [Expense] {
        var result: [Expense] = []
        try await forEachExpense(trip: trip, filter: filter) { result.append($0) }
        return result
    }

    /// Streams matching expenses in list order without holding them all in memory.
    public func forEachExpense(trip: TripID, filter: ExpenseFilter, _ body: (Expense) throws -> Void) async throws {
        var conditions = ["e.trip_id = ?", "e.deleted_at IS NULL"]
        var arguments: [any DatabaseValueConvertible] = [trip.rawValue]
        if let member = filter.member {
            conditions.append("EXISTS (SELECT 1 FROM expense_split x WHERE x.expense_id = e.id AND (x.member_id = ? OR x.payer_id = ?))")
            arguments += [member.rawValue, member.rawValue]
        }
        if let category = filter.category {
            conditions.append("e.category = ?")
            arguments.append(category.rawValue)
        }
        if let currency = filter.currency {
            conditions.append("e.currency = ?")
            arguments.append(currency.code)
        }
        if let since = filter.since {
            conditions.append("e.expense_date >= ?")
            arguments.append(since.description)
        }
        if let until = filter.until {
            conditions.append("e.expense_date <= ?")
            arguments.append(until.description)
        }
        let whereClause = conditions.joined(separator: " AND ")
        try database.read { db in
            try streamExpenses(db, whereClause: whereClause, arguments: StatementArguments(arguments), body)
        }
    }

    /// Reads expenses matching `whereClause` (over alias `e`) joined with their rows, newest
    /// `expense_date` first, then newest created, then id: the cloud API's order. The join is
    /// ordered by expense, so each expense is complete when the next one starts. A member's
    /// share is the sum of their rows, a payer's part the sum of theirs (``SchemaV6``).
    func streamExpenses(_ db: Database, whereClause: String, arguments: StatementArguments,
                        _ body: (Expense) throws -> Void) throws {
        var currencies = CurrencyCache()
        var current: Expense?
        let rows = try Row.fetchCursor(db, sql: """
            SELECT e.id, e.description, e.amount, e.currency, e.category, e.expense_date, e.note, e.created_at,
                   s.member_id, s.payer_id, s.amount, s.is_paid
            FROM expense e JOIN expense_split s ON s.expense_id = e.id
            WHERE \(whereClause) ORDER BY e.expense_date DESC, e.created_at DESC, e.id
            """, arguments: arguments)
        func finish(_ expense: Expense) throws {
            var expense = expense
            if expense.payers.count > 1 { expense.payers.sort { $0.memberID < $1.memberID } }
            try body(expense)
        }
        while let row = try rows.next() {
            let stored = StoredRow(row, table: "expense")
            let id = try stored.text(0, "id")
            let member = MemberID(try stored.text(8, "expense_split.member_id"))
            let payer = MemberID(try stored.text(9, "expense_split.payer_id"))
            let amount = try stored.integer(10, "expense_split.amount")
            let isPaid = try stored.flag(11, "expense_split.is_paid")
            if current?.id.rawValue == id, var expense = current {
                current = nil  // keeps `expense` the only reference, so appends do not copy
                Self.add(member: member, payer: payer, amount: amount, isPaid: isPaid, to: &expense)
                current = expense
                continue
            }
            if let finished = current { try finish(finished) }
            current = Expense(
                id: ExpenseID(id), description: try stored.text(1, "description"),
                amount: try stored.money(2, "amount", try stored.currency(3, "currency", cache: &currencies)),
                category: try stored.category(4, "category"), payers: [ExpensePayer(memberID: payer, amount: amount)],
                date: try stored.date(5, "expense_date"), note: try stored.optionalText(6, "note"),
                splits: [ExpenseSplit(memberID: member, amount: amount, isPaid: isPaid)],
                createdAt: try stored.timestamp(7, "created_at"))
        }
        if let finished = current { try finish(finished) }
    }

    /// Adds one row to the expense being read: to its member's share (a new share when the
    /// member has none yet) and to its payer's part.
    private static func add(member: MemberID, payer: MemberID, amount: Int64, isPaid: Bool, to expense: inout Expense) {
        if let last = expense.splits.indices.last, expense.splits[last].memberID == member {
            expense.splits[last].amount += amount
        } else if let index = expense.splits.firstIndex(where: { $0.memberID == member }) {
            expense.splits[index].amount += amount
        } else {
            expense.splits.append(ExpenseSplit(memberID: member, amount: amount, isPaid: isPaid))
        }
        if let last = expense.payers.indices.last, expense.payers[last].memberID == payer {
            expense.payers[last].amount += amount
        } else if let index = expense.payers.firstIndex(where: { $0.memberID == payer }) {
            expense.payers[index].amount += amount
        } else {
            expense.payers.append(ExpensePayer(memberID: payer, amount: amount))
        }
    }

    public func expense(matching reference: String, trip: TripID) async throws -> Expense {
        try database.read { db in try findExpense(db, reference, trip: trip) }
    }

    func findExpense(_ db: Database, _ reference: String, trip: TripID, includeDeleted: Bool = false) throws -> Expense {
        let key = reference.trimmingSpaces.lowercased()
        guard key.count >= 6 else { throw ResolutionError.tooShortPrefix(what: "expense", reference: reference) }
        let deleted = includeDeleted ? "" : " AND e.deleted_at IS NULL"
        let ids = try String.fetchAll(
            db, sql: "SELECT e.id FROM expense e WHERE e.trip_id = ? AND e.id LIKE ? || '%' ESCAPE '\\'\(deleted) LIMIT 5",
            arguments: [trip.rawValue, likePattern(key)])
        guard let id = ids.first else {
            throw StoreError.notFound("no expense with id '\(reference)' in this trip; list them with: split expenses")
        }
        guard ids.count == 1 else {
            throw ResolutionError.ambiguous(what: "expense id", reference: reference, matches: ids.map { String($0.prefix(12)) })
        }
        var found: Expense?
        try streamExpenses(db, whereClause: "e.id = ?", arguments: [id]) { found = $0 }
        guard let expense = found else { throw StoreError.notFound("expense \(id) vanished") }
        return expense
    }

    /// Text is not checked here: an edit keeps what another client wrote (checked where a
    /// person types it, ``ExpenseBuilder``), and the store holds any text a server holds.
    /// On a trip linked to the Node server, an edit to several payers keeps the first payer's
    /// part under the expense's id and adds the others' (``nodeParts(_:trip:_:)``); undo
    /// removes them again.
    @discardableResult
    public func replaceExpense(_ expense: Expense, trip: TripID, at: Timestamp) async throws -> [Expense] {
        try expense.validate()
        return try database.write { db in
            let old = try findExpense(db, expense.id.rawValue, trip: trip)
            let names = try memberNames(db, trip: trip)
            try Self.requireMembers(of: expense, in: names)
            let parts = try nodeParts(db, trip: trip, [expense])
            let edited = parts[0], added = Array(parts.dropFirst())
            try overwrite(db, with: edited, at: at)
            for part in added { try insert(db, part, trip: trip, at: at) }
            try recordSync(db, trip: trip, [(.updateExpense(edited), .expense(old))] + added.map { (.createExpense($0), nil) }, at: at)
            try log(db, trip: trip, at: at, action: "expense.edit", summary: "edited expense '\(expense.description)'",
                    undo: .restoreExpense(ExpenseSnapshot(old), removing: added.map(\.id.rawValue)))
            return parts
        }
    }

    /// Replaces the stored row and splits of `expense.id`. Splits go first so the balance
    /// triggers subtract them while the old expense row is still in place.
    func overwrite(_ db: Database, with expense: Expense, at: Timestamp) throws {
        try db.execute(sql: "DELETE FROM expense_split WHERE expense_id = ?", arguments: [expense.id.rawValue])
        try db.execute(sql: """
            UPDATE expense SET description = ?, amount = ?, currency = ?, category = ?, paid_by = ?, expense_date = ?,
                note = ?, updated_at = ? WHERE id = ?
            """, arguments: [
                expense.description, expense.amount.minorUnits, expense.amount.currency.code, expense.category.rawValue,
                expense.leadPayer.rawValue, expense.date.description, expense.note, at.iso8601, expense.id.rawValue,
            ])
        try insertSplits(db, expense)
    }

    public func deleteExpense(_ id: ExpenseID, trip: TripID, at: Timestamp) async throws {
        try database.write { db in
            let expense = try findExpense(db, id.rawValue, trip: trip)
            try db.execute(sql: "UPDATE expense SET deleted_at = ? WHERE id = ?", arguments: [at.iso8601, id.rawValue])
            try recordSync(db, trip: trip, [(.deleteExpense(expense.id), .expense(expense))], at: at)
            try log(db, trip: trip, at: at, action: "expense.delete",
                    summary: "deleted expense '\(expense.description)' \(expense.amount)", undo: .undeleteExpense(id.rawValue))
        }
    }

    public func setSharePaid(expense id: ExpenseID, member: MemberID, paid: Bool, trip: TripID, at: Timestamp) async throws {
        try database.write { db in
            let expense = try findExpense(db, id.rawValue, trip: trip)
            let names = try memberNames(db, trip: trip, includingRemoved: true)
            guard let split = expense.splits.first(where: { $0.memberID == member }) else {
                let sharers = expense.splits.map { names[$0.memberID] ?? $0.memberID.short }.joined(separator: ", ")
                throw StoreError.invalid(
                    "\(names[member] ?? member.short) has no share in '\(expense.description)'; its shares belong to \(sharers)")
            }
            guard split.isPaid != paid else { return }
            try db.execute(sql: "UPDATE expense_split SET is_paid = ? WHERE expense_id = ? AND member_id = ?",
                           arguments: [paid ? 1 : 0, id.rawValue, member.rawValue])
            try recordSync(db, trip: trip, [(.setPaid(expense: expense.id, member: member, paid: paid), .expense(expense))], at: at)
            let name = names[member] ?? member.short
            try log(db, trip: trip, at: at, action: paid ? "share.paid" : "share.unpaid",
                    summary: "marked \(name)'s share of '\(expense.description)' \(paid ? "paid" : "unpaid")",
                    undo: .setSharePaid(expense: id.rawValue, member: member.rawValue, paid: !paid))
        }
    }
}
