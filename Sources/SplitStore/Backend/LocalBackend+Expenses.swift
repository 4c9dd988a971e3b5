import GRDB
import GRDBSQLite
import SplitCore

extension LocalBackend {
    @discardableResult
    public func addExpenses(_ expenses: [Expense], trip: TripID, at: Timestamp) async throws -> [Expense] {
        try write(trip, at: at) { writer in
            try writer.addExpenses(expenses)
        }
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
        var members = MemberIDInterner()
        var current: Expense?
        var currentID: [UInt8] = []
        let statement = try db.makeStatement(sql: """
            SELECT e.id, e.description, e.amount, e.currency, e.category, e.expense_date, e.note, e.created_at,
                   s.member_id, s.payer_id, s.amount, s.is_paid
            FROM expense e JOIN expense_split s ON s.expense_id = e.id
            WHERE \(whereClause) ORDER BY e.expense_date DESC, e.created_at DESC, e.id
            """)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        let row = RawRow(handle: handle, table: "expense", idColumn: 0)
        func finish(_ expense: Expense) throws {
            var expense = expense
            if expense.payers.count > 1 { expense.payers.sort { $0.memberID < $1.memberID } }
            try body(expense)
        }
        while true {
            let step = sqlite3_step(handle)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: step),
                                    message: db.sqliteConnection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) },
                                    sql: statement.sql)
            }
            let id = try row.bytes(0, "id")
            let member = members.id(try row.bytes(8, "expense_split.member_id"))
            let payer = members.id(try row.bytes(9, "expense_split.payer_id"))
            let amount = try row.integer(10, "expense_split.amount")
            let isPaid = try row.flag(11, "expense_split.is_paid")
            if var expense = current, MemberIDInterner.same(currentID, id) {
                current = nil  // keeps `expense` the only reference, so appends do not copy
                Self.add(member: member, payer: payer, amount: amount, isPaid: isPaid, to: &expense)
                current = expense
                continue
            }
            if let finished = current { try finish(finished) }
            currentID = Array(id)
            current = Expense(
                id: ExpenseID(String(decoding: id, as: UTF8.self)), description: try row.text(1, "description"),
                amount: Money(minorUnits: try row.integer(2, "amount"), currency: try row.currency(3, "currency", cache: &currencies)),
                category: try row.category(4, "category"), payers: [ExpensePayer(memberID: payer, amount: amount)],
                date: try row.date(5, "expense_date"), note: try row.optionalText(6, "note"),
                splits: [ExpenseSplit(memberID: member, amount: amount, isPaid: isPaid)],
                createdAt: try row.timestamp(7, "created_at"))
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

    /// Replaces the expense with `expense.id`; returns the parts stored (see
    /// ``TripWriter/editExpense(_:)``).
    @discardableResult
    public func replaceExpense(_ expense: Expense, trip: TripID, at: Timestamp) async throws -> [Expense] {
        try write(trip, at: at) { writer in
            try writer.editExpense(expense)
        }
    }

    /// Finds the expense `reference` names (an id or a unique prefix) and replaces it with
    /// `edit`'s version of it, in one write: no other change slips in between. Returns the
    /// version found and the parts stored.
    public func editExpense(matching reference: String, trip: TripID, at: Timestamp,
                            _ edit: (Expense) throws -> Expense) async throws -> (old: Expense, stored: [Expense]) {
        try write(trip, at: at) { writer in
            let old = try findExpense(writer.db, reference, trip: trip)
            return (old, try writer.editExpense(try edit(old), old: old))
        }
    }

    /// Finds the expense `reference` names and deletes it, in one write; returns it.
    public func deleteExpense(matching reference: String, trip: TripID, at: Timestamp) async throws -> Expense {
        try write(trip, at: at) { writer in
            let expense = try findExpense(writer.db, reference, trip: trip)
            try writer.deleteExpense(expense)
            return expense
        }
    }

    public func deleteExpense(_ id: ExpenseID, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in
            try writer.apply(.deleteExpense(id))
        }
    }

    /// Finds the expense `reference` names and sets the paid mark `mark` picks from it, in one
    /// write (nil: nothing to change). Returns the expense as found and whether a mark changed.
    public func markSharePaid(matching reference: String, trip: TripID, at: Timestamp,
                              _ mark: (Expense) throws -> (member: MemberID, paid: Bool)?) async throws
        -> (expense: Expense, changed: Bool) {
        try write(trip, at: at) { writer in
            let expense = try findExpense(writer.db, reference, trip: trip)
            guard let (member, paid) = try mark(expense) else { return (expense, false) }
            try writer.apply(.setSharePaid(expense: expense.id, member: member, paid: paid))
            return (expense, true)
        }
    }

    public func setSharePaid(expense id: ExpenseID, member: MemberID, paid: Bool, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in
            try writer.apply(.setSharePaid(expense: id, member: member, paid: paid))
        }
    }
}
