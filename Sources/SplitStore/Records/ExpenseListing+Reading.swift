import GRDB
import GRDBSQLite
import SplitCore

/// Reading whole expenses (``SplitCore/Expense``, with their shares and payers) from
/// ``ExpenseListing``'s statements: the one documented fast path that reads columns by
/// position (``RawRow``), since the listing of a 100,000-expense trip is bounded by it.
extension ExpenseListing {
    /// The first `limit` live expenses in list order (newest first): a report's capped list.
    /// Reading stops at the limit, so the cost follows `limit`, not the trip's size.
    static func newest(_ db: Database, trip: TripID, limit: Int, filter: ExpenseFilter = .all) throws -> [Expense] {
        struct Enough: Error {}
        var result: [Expense] = []
        guard limit > 0 else { return result }
        do {
            try stream(db, trip: trip, filter: filter) { expense in
                result.append(expense)
                if result.count == limit { throw Enough() }
            }
        } catch is Enough {}
        return result
    }

    /// Streams the trip's live expenses that pass `filter`, in list order. The statement applies
    /// every term but the search, which is checked here on each expense read.
    static func stream(_ db: Database, trip: TripID, filter: ExpenseFilter = ExpenseFilter(),
                       _ body: (Expense) throws -> Void) throws {
        let listing = filtered(trip: trip, filter: filter)
        guard let search = filter.search else {
            return try readExpenses(db, sql: listing.sql, arguments: listing.arguments, body)
        }
        try readExpenses(db, sql: listing.sql, arguments: listing.arguments) { expense in
            if search.matches(expense) { try body(expense) }
        }
    }

    /// Expense `id` of the trip, or nil; a deleted one only when `includeDeleted`.
    static func expense(_ db: Database, _ id: ExpenseID, trip: TripID, includeDeleted: Bool) throws -> Expense? {
        var found: Expense?
        try readExpenses(db, sql: byID,
                         arguments: ["id": id.rawValue, "trip": trip.rawValue, "includeDeleted": includeDeleted]) { found = $0 }
        return found
    }

    /// Reads the expenses of `sql`, one of ``ExpenseListing``'s statements, with their rows. A
    /// member's share is the sum of their rows, a payer's part the sum of theirs (``SchemaV6``).
    private static func readExpenses(_ db: Database, sql: String, arguments: StatementArguments,
                                     _ body: (Expense) throws -> Void) throws {
        var currencies = CurrencyCache()
        var members = MemberIDInterner()
        var current: Expense?
        var currentID: [UInt8] = []
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        let row = RawRow(handle: handle, table: ExpenseRecord.databaseTableName, idField: Field.id)
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
            let id = try row.bytes(.id)
            let member = members.id(try row.bytes(.splitMember))
            let payer = members.id(try row.bytes(.splitPayer))
            let amount = try row.integer(.splitAmount)
            let isPaid = try row.flag(.splitPaid)
            if var expense = current, MemberIDInterner.same(currentID, id) {
                current = nil  // keeps `expense` the only reference, so appends do not copy
                add(member: member, payer: payer, amount: amount, isPaid: isPaid, to: &expense)
                current = expense
                continue
            }
            if let finished = current { try finish(finished) }
            currentID = Array(id)
            current = Expense(
                id: ExpenseID(String(decoding: id, as: UTF8.self)), description: try row.text(.description),
                amount: Money(minorUnits: try row.integer(.amount), currency: try row.currency(.currency, cache: &currencies)),
                category: try row.category(.category), payers: [ExpensePayer(memberID: payer, amount: amount)],
                date: try row.date(.expenseDate), note: try row.optionalText(.note),
                splits: [ExpenseSplit(memberID: member, amount: amount, isPaid: isPaid)],
                createdAt: try row.timestamp(.createdAt), splitGiven: row.splitRule(.splitGiven))
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
}
