import GRDB
import SplitCore

private typealias Columns = ExpenseRecord.Columns

extension TripWriter {
    /// Adds expenses; returns them as stored (on a trip linked to the Node server, one per
    /// payer: ``nodeParts(_:)``).
    @discardableResult
    func addExpenses(_ expenses: [Expense]) throws -> [Expense] {
        guard !expenses.isEmpty else { throw StoreError.invalid("no expenses to add") }
        if origin.validates {
            for expense in expenses {
                try expense.validate()
                try expense.validateText()
            }
        }
        let expenses = try nodeParts(expenses)
        // A big batch adds its balance totals once at the end, as an import does, instead
        // of paying the triggers per row (BulkTotals).
        let bulk = expenses.count >= BulkTotals.threshold ? try BulkTotals.suspend(db) : nil
        defer { bulk?.restoreCacheSize(db) }
        // One read serves the membership check and the log line. A trip deleted meanwhile
        // has no live members, so its expenses are refused here too.
        let names = try MemberRecord.names(db, trip: trip)
        for expense in expenses {
            try MembershipRule.check(expense) { names[$0] != nil }
            try insertExpense(expense)
            bulk?.add(expense, trip: trip)
        }
        try bulk?.resume(db)
        for expense in expenses { try queue(.createExpense(expense), before: nil) }
        let summary: String
        if expenses.count == 1, let expense = expenses.first {
            let payers = expense.payers.map { names[$0.memberID] ?? "?" }.joined(separator: " and ")
            summary = "added expense '\(expense.description)' \(expense.amount) paid by \(payers)"
        } else {
            summary = "added \(expenses.count) expenses"
        }
        try log("expense.add", summary, undo: .removeExpenses(expenses.map(\.id.rawValue)))
        return expenses.map { expense in
            var stored = expense
            stored.createdAt = at
            return stored
        }
    }

    /// Replaces the expense with `expense.id`; returns the parts stored.
    ///
    /// Text is not checked here: an edit keeps what another client wrote (checked where a
    /// person types it), and the store holds any text a server holds. On a trip linked to the
    /// Node server, an edit to several payers keeps the first payer's part under the
    /// expense's id and adds the others' (``nodeParts(_:)``); undo removes them again.
    /// `old`, when the caller read it in this transaction, saves reading it again.
    @discardableResult
    func editExpense(_ expense: Expense, old known: Expense? = nil) throws -> [Expense] {
        guard origin == .command else {
            // Undo puts back a version that was valid; an expense deleted meanwhile by a pull
            // stays deleted.
            let before = try before(.expense(expense.id))
            try overwriteExpense(expense)
            try queue(.updateExpense(expense), before: before)
            return [expense]
        }
        try expense.validate()
        let old = try known ?? ExpenseRecord.find(db, expense.id.rawValue, trip: trip)
        let names = try MemberRecord.names(db, trip: trip)
        try MembershipRule.check(expense) { names[$0] != nil }
        let parts = try nodeParts([expense])
        let edited = parts[0], added = Array(parts.dropFirst())
        try overwriteExpense(edited)
        for part in added { try insertExpense(part) }
        try queue(.updateExpense(edited), before: .expense(old))
        for part in added { try queue(.createExpense(part), before: nil) }
        let snapshot = ExpenseSnapshot(old)
        let changes = ExpenseChanges.list(from: old, to: expense) { names[$0] ?? $0.short }
        try log("expense.edit", "edited expense '\(expense.description)'"
                    + (changes.isEmpty ? " (nothing changed)" : ": " + changes.joined(separator: "; ")),
                undo: .restoreExpense(snapshot, removing: added.map(\.id.rawValue)))
        return parts
    }

    /// Deletes an expense: soft (it can be restored), or for good when undo removes what
    /// the reverted change added.
    func deleteExpense(_ id: ExpenseID) throws {
        if origin.purges { return try purgeExpenses([id]) }
        try deleteExpense(try ExpenseRecord.find(db, id.rawValue, trip: trip))
    }

    /// Removes expenses of the trip for good, leaving no trace: what undo does with the
    /// expenses the reverted change added. On a linked trip each removal is queued with the
    /// version it removes, so they go one by one; otherwise a few statements remove them all,
    /// however many: an undone catch-up of years of recurring rules holds thousands, and one
    /// statement pair per expense took seconds.
    func purgeExpenses(_ ids: [ExpenseID]) throws {
        if linked {
            for id in ids {
                let before = try before(.expense(id))
                try ExpenseSplitRecord.of(id).deleteAll(db)
                try ExpenseRecord.withID(id).filter(Columns.tripID == trip.rawValue).deleteAll(db)
                if let before { try queue(.deleteExpense(id), before: before) }
            }
            return
        }
        // SQLite takes at most 32,766 parameters a statement; chunks stay well under.
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(start + 500, ids.count)].map(\.rawValue)
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let ofTrip = "SELECT id FROM expense WHERE trip_id = ? AND id IN (\(marks))"
            let arguments = StatementArguments([trip.rawValue] + chunk)
            try db.execute(sql: "DELETE FROM expense_split WHERE expense_id IN (\(ofTrip))", arguments: arguments)
            try db.execute(sql: "DELETE FROM expense WHERE id IN (\(ofTrip))", arguments: arguments)
        }
    }

    /// Soft-deletes `expense`, read in this transaction.
    func deleteExpense(_ expense: Expense) throws {
        let id = expense.id
        try ExpenseRecord.withID(id).updateAll(db, Columns.deletedAt.set(to: at.iso8601))
        try queue(.deleteExpense(expense.id), before: .expense(expense))
        try log("expense.delete", "deleted expense '\(expense.description)' \(expense.amount)",
                undo: .undeleteExpense(id.rawValue))
    }

    /// Brings a deleted expense back. The server never revives a deleted id, so on a linked
    /// trip it comes back under a new id, here and there.
    func restoreExpense(_ id: ExpenseID) throws {
        if linked {
            let deleted = try ExpenseRecord.find(db, id.rawValue, trip: trip, includeDeleted: true)
            let revived = Expense(id: ExpenseID(run.ids()), description: deleted.description,
                                  amount: deleted.amount, category: deleted.category, payers: deleted.payers,
                                  date: deleted.date, note: deleted.note, splits: deleted.splits,
                                  splitGiven: deleted.splitGiven)
            try insertExpense(revived)
            try queue(.createExpense(revived), before: nil)
        } else {
            try ExpenseRecord.withID(id).filter(Columns.tripID == trip.rawValue).updateAll(db, Columns.deletedAt.set(to: nil))
        }
    }

    func setSharePaid(expense id: ExpenseID, member: MemberID, paid: Bool) throws {
        guard origin == .command else {
            let before = try before(.expense(id))
            try writeSharePaid(expense: id, member: member, paid: paid)
            try queue(.setPaid(expense: id, member: member, paid: paid), before: before)
            return
        }
        let expense = try ExpenseRecord.find(db, id.rawValue, trip: trip)
        let names = try MemberRecord.names(db, trip: trip, includingRemoved: true)
        guard let split = expense.splits.first(where: { $0.memberID == member }) else {
            let sharers = expense.splits.map { names[$0.memberID] ?? $0.memberID.short }.joined(separator: ", ")
            throw StoreError.invalid(
                "\(names[member] ?? member.short) has no share in '\(expense.description)'; its shares belong to \(sharers)")
        }
        guard split.isPaid != paid else { return }
        try writeSharePaid(expense: id, member: member, paid: paid)
        try queue(.setPaid(expense: expense.id, member: member, paid: paid), before: .expense(expense))
        let name = names[member] ?? member.short
        try log(paid ? "share.paid" : "share.unpaid",
                "marked \(name)'s share of '\(expense.description)' \(paid ? "paid" : "unpaid")",
                undo: .setSharePaid(expense: id.rawValue, member: member.rawValue, paid: !paid))
    }

    /// The Node server knows one payer per expense, so on a trip linked to it an expense that
    /// several members paid is stored as one expense per payer (``SplitCore/PayerParts``), with
    /// the same balances: this device then holds what the server and every other device will.
    /// The first part keeps the expense's id. Any other trip keeps it whole.
    func nodeParts(_ expenses: [Expense]) throws -> [Expense] {
        guard origin == .command, recorder?.syncProtocol == .snapshot,
              expenses.contains(where: { $0.soloPayer == nil }) else { return expenses }
        return expenses.flatMap { expense in
            PayerParts.singlePayerExpenses(of: expense, ids: expense.payers.dropFirst().map { _ in ExpenseID(run.ids()) })
        }
    }

    // MARK: Rows

    /// Inserts one expense and its rows with cached statements (batch-friendly). `createdAt`
    /// is the server's or the file's creation time, else now.
    func insertExpense(_ expense: Expense, createdAt: Timestamp? = nil) throws {
        let insert = try RowInserter(db, sql: ExpenseRecord.insertSQL)
        let updated = at.iso8601
        try insert.run([
            .text(expense.id.rawValue), .text(trip.rawValue), .text(expense.description), .int(expense.amount.minorUnits),
            .text(expense.amount.currency.code), .text(expense.category.rawValue), .text(expense.leadPayer.rawValue),
            .text(expense.date.description), expense.note.map { .text($0) } ?? .null,
            .text(createdAt.map(\.iso8601) ?? updated), .text(updated),
            expense.splitGiven.map { .text(SplitRuleText.text($0)) } ?? .null,
        ])
        try insertSplits(expense)
    }

    /// Writes the expense's rows: each payer's part of each share (``SchemaV6``).
    private func insertSplits(_ expense: Expense) throws {
        let insert = try RowInserter(db, sql: ExpenseSplitRecord.insertSQL)
        for part in PayerParts.parts(of: expense) {
            let payer = RowInserter.Value.text(part.payer.memberID.rawValue)
            for split in part.splits {
                try insert.run([.text(expense.id.rawValue), .text(split.memberID.rawValue), payer, .int(split.amount),
                                .int(split.isPaid ? 1 : 0)])
            }
        }
    }

    /// Replaces the stored row and splits of `expense.id`. Splits go first so the balance
    /// triggers subtract them while the old expense row is still in place.
    func overwriteExpense(_ expense: Expense) throws {
        try ExpenseSplitRecord.of(expense.id).deleteAll(db)
        try ExpenseRecord.withID(expense.id).updateAll(db, [
            Columns.description.set(to: expense.description), Columns.amount.set(to: expense.amount.minorUnits),
            Columns.currency.set(to: expense.amount.currency.code), Columns.category.set(to: expense.category.rawValue),
            Columns.paidBy.set(to: expense.leadPayer.rawValue), Columns.expenseDate.set(to: expense.date.description),
            Columns.note.set(to: expense.note), Columns.updatedAt.set(to: at.iso8601),
            Columns.splitGiven.set(to: expense.splitGiven.map(SplitRuleText.text)),
        ])
        try insertSplits(expense)
    }

    /// Marks `member`'s rows of the expense paid or unpaid.
    private func writeSharePaid(expense id: ExpenseID, member: MemberID, paid: Bool) throws {
        typealias Split = ExpenseSplitRecord.Columns
        try ExpenseSplitRecord.of(id).filter(Split.memberID == member.rawValue).updateAll(db, Split.isPaid.set(to: paid ? 1 : 0))
    }
}
