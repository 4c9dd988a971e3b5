import GRDB
import GRDBSQLite
import SplitCore

extension LocalBackend {
    /// Adds `expenses` as one change. Each keeps its split as given (``SplitCore/Expense/splitGiven``),
    /// so a later edit of its amount, here or on another device, divides it the same way.
    @discardableResult
    public func addExpenses(_ expenses: [Expense], trip: TripID, at: Timestamp) async throws -> [Expense] {
        try write(trip, at: at) { writer in try writer.addExpenses(expenses) }
    }

    /// ``addExpenses(_:trip:at:)`` for one expense typed by hand, which also answers the
    /// expense added in the last ten minutes that it repeats (``SplitCore/RepeatRule``), read
    /// in the same write; nil when there is none.
    public func addExpense(_ expense: Expense, trip: TripID, at: Timestamp)
        async throws -> (stored: [Expense], repeats: Expense?) {
        try write(trip, at: at) { writer in
            let earlier = try repeated(writer.db, by: expense, trip: trip, at: at)
            return (try writer.addExpenses([expense]), earlier)
        }
    }

    /// The newest live expense created since ``SplitCore/RepeatRule/since(_:)`` that `expense`
    /// repeats, or nil.
    private func repeated(_ db: Database, by expense: Expense, trip: TripID, at: Timestamp) throws -> Expense? {
        let candidates = try Row.fetchCursor(db, sql: ExpenseRecord.recentSameSQL, arguments: [
            "trip": trip.rawValue, "amount": expense.amount.minorUnits, "currency": expense.amount.currency.code,
            "date": expense.date.description, "since": RepeatRule.since(at).iso8601,
        ])
        // Only a candidate with the same description is read whole (its payers decide): a
        // script that adds many expenses of one amount in a few minutes reads none of them.
        var ids: [String] = []
        while let row = try candidates.next() {
            let stored = StoredRow(row, table: ExpenseRecord.databaseTableName)
            if RepeatRule.sameDescription(expense.description, try stored.text(ExpenseRecord.Columns.description)) {
                ids.append(try stored.text(ExpenseRecord.Columns.id))
            }
        }
        for id in ids {
            if let earlier = try storedExpense(db, ExpenseID(id), trip: trip, includeDeleted: false),
               RepeatRule.repeats(expense, earlier) { return earlier }
        }
        return nil
    }

    public func expenses(trip: TripID, filter: ExpenseFilter) async throws -> [Expense] {
        var result: [Expense] = []
        try await forEachExpense(trip: trip, filter: filter) { result.append($0) }
        return result
    }

    /// The first `limit` live expenses in list order (newest first): a report's capped list.
    /// Reading stops at the limit, so the cost follows `limit`, not the trip's size.
    func newestExpenses(_ db: Database, trip: TripID, limit: Int) throws -> [Expense] {
        struct Enough: Error {}
        var result: [Expense] = []
        guard limit > 0 else { return result }
        do {
            try streamExpenses(db, trip: trip) { expense in
                result.append(expense)
                if result.count == limit { throw Enough() }
            }
        } catch is Enough {}
        return result
    }

    /// Streams matching expenses in list order without holding them all in memory.
    public func forEachExpense(trip: TripID, filter: ExpenseFilter, _ body: (Expense) throws -> Void) async throws {
        try database.read { db in try streamExpenses(db, trip: trip, filter: filter, body) }
    }

    /// Streams the trip's live expenses that pass `filter`, in list order. The statement applies
    /// every term but the search, which is checked here on each expense read.
    func streamExpenses(_ db: Database, trip: TripID, filter: ExpenseFilter = ExpenseFilter(),
                        _ body: (Expense) throws -> Void) throws {
        let listing = ExpenseListing.filtered(trip: trip, filter: filter)
        guard let search = filter.search else {
            return try readExpenses(db, sql: listing.sql, arguments: listing.arguments, body)
        }
        try readExpenses(db, sql: listing.sql, arguments: listing.arguments) { expense in
            if search.matches(expense) { try body(expense) }
        }
    }

    /// Expense `id` of the trip, or nil; a deleted one only when `includeDeleted`.
    func storedExpense(_ db: Database, _ id: ExpenseID, trip: TripID, includeDeleted: Bool) throws -> Expense? {
        var found: Expense?
        try readExpenses(db, sql: ExpenseListing.byID,
                         arguments: ["id": id.rawValue, "trip": trip.rawValue, "includeDeleted": includeDeleted]) { found = $0 }
        return found
    }

    /// Reads the expenses of `sql`, one of ``ExpenseListing``'s statements, with their rows. A
    /// member's share is the sum of their rows, a payer's part the sum of theirs (``SchemaV6``).
    private func readExpenses(_ db: Database, sql: String, arguments: StatementArguments,
                              _ body: (Expense) throws -> Void) throws {
        var currencies = CurrencyCache()
        var members = MemberIDInterner()
        var current: Expense?
        var currentID: [UInt8] = []
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        let row = RawRow(handle: handle, table: ExpenseRecord.databaseTableName, idField: ExpenseListing.Field.id)
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
                Self.add(member: member, payer: payer, amount: amount, isPaid: isPaid, to: &expense)
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

    public func expense(matching reference: String, trip: TripID) async throws -> Expense {
        try database.read { db in try findExpense(db, reference, trip: trip) }
    }

    /// The expense `reference` names: its id, a unique id prefix (``SplitCore/ItemReference``),
    /// or its whole description, ignoring case and accents, when one live expense has it.
    ///
    /// A prefix and a description are both tried, and the union must be one expense: `cafe`
    /// is hex, so in a big trip it may well start some id, and picking that one over the
    /// expense described "Café" would change the wrong expense. A whole id is taken at once.
    /// Deleted expenses (`includeDeleted`, for the writer's own reads) are found by id only.
    func findExpense(_ db: Database, _ reference: String, trip: TripID, includeDeleted: Bool = false) throws -> Expense {
        let prefix = ItemReference.idPrefix(reference)
        var ids = try prefix.map {
            try ExpenseRecord.ids(trip, prefix: $0, includeDeleted: includeDeleted, limit: ItemReference.listed + 1).fetchAll(db)
        } ?? []
        if let prefix, let whole = ids.first(where: { $0.lowercased() == prefix }) {
            ids = [whole]
        } else if !includeDeleted {
            let folded = ItemReference.folded(reference)
            let rows = try Row.fetchCursor(db, ExpenseRecord.descriptions(trip))
            while let row = try rows.next() {
                let stored = StoredRow(row, table: ExpenseRecord.databaseTableName)
                let id = try stored.text(ExpenseRecord.Columns.id)
                if ItemReference.names(try stored.text(ExpenseRecord.Columns.description), folded: folded), !ids.contains(id) {
                    ids.append(id)
                }
            }
        }
        let found = try ids.prefix(ItemReference.listed).map { id in
            guard let expense = try storedExpense(db, ExpenseID(id), trip: trip, includeDeleted: includeDeleted) else {
                throw StoreError.notFound("expense \(id) vanished")
            }
            return expense
        }
        guard let expense = found.first else { throw try unknownExpense(db, reference, prefix: prefix, trip: trip) }
        guard ids.count == 1 else {
            throw ResolutionError.ambiguousItem(what: "expense", reference: reference,
                                                candidates: ItemReference.list(found.map(ItemReference.candidate), total: ids.count))
        }
        return expense
    }

    /// Why no expense is named `reference`: it is a payment's id, its prefix is too short, or
    /// nothing matches.
    private func unknownExpense(_ db: Database, _ reference: String, prefix: String?, trip: TripID) throws -> any Error {
        guard let prefix else {
            return StoreError.notFound("no expense is described '\(reference)', and an id prefix needs at least "
                + "\(ItemReference.minimumPrefix) characters; list them with: split expenses")
        }
        if try !PaymentRecord.ids(trip, prefix: prefix, limit: 1).fetchAll(db).isEmpty {
            return StoreError.notFound("'\(reference)' is a payment, not an expense; see it with: split payment show \(reference)")
        }
        return StoreError.notFound("no expense with id or description '\(reference)' in this trip; list them with: split expenses")
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

    /// Finds the expense `reference` names and sets the paid mark `decide` picks from it, in one
    /// write (a nil mark: nothing to change). Returns the expense as found, what `decide` found
    /// in it (the share, for the caller to show), and whether a mark changed.
    public func markSharePaid<Found>(matching reference: String, trip: TripID, at: Timestamp,
                                     _ decide: (Expense) throws -> (found: Found, mark: (member: MemberID, paid: Bool)?))
        async throws -> (expense: Expense, found: Found, changed: Bool) {
        try write(trip, at: at) { writer in
            let expense = try findExpense(writer.db, reference, trip: trip)
            let (found, mark) = try decide(expense)
            guard let (member, paid) = mark else { return (expense, found, false) }
            try writer.apply(.setSharePaid(expense: expense.id, member: member, paid: paid))
            return (expense, found, true)
        }
    }

    public func setSharePaid(expense id: ExpenseID, member: MemberID, paid: Bool, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in
            try writer.apply(.setSharePaid(expense: id, member: member, paid: paid))
        }
    }
}
