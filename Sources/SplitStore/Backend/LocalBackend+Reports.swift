import GRDB
import SplitCore

extension LocalBackend {
    /// Balances from the trigger-maintained `balance_total` rows: a few rows per member, so
    /// this costs the same for 10 expenses or 100,000. Every live member is listed in every
    /// currency that has activity, ordered by name.
    public func balances(trip: TripID) async throws -> [CurrencyBalances] {
        try database.read { db in try balances(db, trip: trip) }
    }

    func balances(_ db: Database, trip: TripID) throws -> [CurrencyBalances] {
        let members = try MemberRecord.members(db, trip: trip).map(\.id)
        let rows = try Row.fetchAll(db, sql: BalanceTotalRecord.nonZeroOfTrip, arguments: ["trip": trip.rawValue])
        return try balances(db, trip: trip, members: members, rows: rows)
    }

    /// The balances as they stood at the end of `until`: the expenses and payments dated on or
    /// before it, counted by SplitCore's ``SplitCore/BalanceCalculator``. The kept totals hold
    /// only the present, so a past day is summed from its rows, in one read.
    public func balances(trip: TripID, until: CivilDate) async throws -> [CurrencyBalances] {
        try database.read { db in try balances(db, trip: trip, span: try DateSpan(since: nil, until: until)) }
    }

    /// The balances of the expenses, payments and currency exchanges dated within `span`. A span
    /// open at its start (`balances --until`) whose later rows are fewer than its own is read the
    /// short way: the kept totals of today less the rows dated after it.
    func balances(_ db: Database, trip: TripID, span: DateSpan) throws -> [CurrencyBalances] {
        if span.since == nil, let until = span.until {
            let later = try DateSpan(since: until.adding(days: 1), until: nil)
            if try Self.rowCount(db, trip: trip, span: later) < Self.rowCount(db, trip: trip, span: span) {
                return try balances(db, trip: trip, subtracting: later)
            }
        }
        return try summed(db, trip: trip, span: span)
    }

    /// The balances of `span` summed from its rows by ``SplitCore/BalanceCalculator``.
    func summed(_ db: Database, trip: TripID, span: DateSpan) throws -> [CurrencyBalances] {
        let members = try MemberRecord.members(db, trip: trip).map(\.id)
        var expenses: [Expense] = []
        try ExpenseListing.stream(db, trip: trip, filter: ExpenseFilter(since: span.since, until: span.until)) { expenses.append($0) }
        let payments = try PaymentRecord.payments(db, trip: trip).filter { span.contains($0.date) }
        let exchanges = try ExchangeRecord.exchanges(db, trip: trip).filter { span.contains($0.date) }
        return try BalanceCalculator.balances(members: members, expenses: expenses, payments: payments, exchanges: exchanges)
    }

    /// Today's kept balances less those of `later` (a span open at its end): the balances as
    /// they stood before it, equal to summing the earlier rows. A currency or a former member
    /// with nothing left is left out, as a sum of the earlier rows would never list it.
    func balances(_ db: Database, trip: TripID, subtracting later: DateSpan) throws -> [CurrencyBalances] {
        let laterByCurrency = Dictionary(uniqueKeysWithValues: try summed(db, trip: trip, span: later).map { ($0.currency, $0) })
        let live = Set(try MemberRecord.members(db, trip: trip).map(\.id))
        return try balances(db, trip: trip).compactMap { current throws(MoneyError) -> CurrencyBalances? in
            let subtrahend = Dictionary(uniqueKeysWithValues: (laterByCurrency[current.currency]?.balances ?? []).map { ($0.memberID, $0) })
            let left = try current.balances.map { balance throws(MoneyError) in try balance.less(subtrahend[balance.memberID]) }
                .filter { live.contains($0.memberID) || !$0.isEmpty }
            return left.allSatisfy(\.isEmpty) ? nil : CurrencyBalances(currency: current.currency, balances: left)
        }
    }

    /// How many live expenses and payments of the trip are dated within `span` (index counts).
    static func rowCount(_ db: Database, trip: TripID, span: DateSpan) throws -> Int {
        var expenses = ExpenseRecord.live(trip)
        var payments = PaymentRecord.live(trip)
        if let since = span.since {
            expenses = expenses.filter(ExpenseRecord.Columns.expenseDate >= since.description)
            payments = payments.filter(PaymentRecord.Columns.paymentDate >= since.description)
        }
        if let until = span.until {
            expenses = expenses.filter(ExpenseRecord.Columns.expenseDate <= until.description)
            payments = payments.filter(PaymentRecord.Columns.paymentDate <= until.description)
        }
        return try expenses.fetchCount(db) + payments.fetchCount(db)
    }

    /// The trip's balances from its non-zero `balance_total` rows and its live members (in
    /// name order): every live member in every currency that has activity, and any other
    /// member a row holds money for, after them.
    func balances(_ db: Database, trip: TripID, members: [MemberID], rows: [Row]) throws -> [CurrencyBalances] {
        var totals: [String: [MemberID: MemberBalance]] = [:]
        var currencies = CurrencyCache()
        var codes: [String: Currency] = [:]
        for row in rows {
            let stored = BalanceTotalRecord.stored(row)
            let code = try stored.text(BalanceTotalRecord.Columns.currency)
            do {
                codes[code] = try stored.currency(BalanceTotalRecord.Columns.currency, cache: &currencies)
            } catch {
                throw try Self.sourceOfCurrency(db, code, trip: trip) ?? error
            }
            let balance = try BalanceTotalRecord(row: row).balance
            guard Int128(balance.net) == balance.exactNet else { throw MoneyError.overflow }
            totals[code, default: [:]][balance.memberID] = balance
        }
        let live = Set(members)
        return totals.keys.sorted().map { code in
            let byMember = totals[code] ?? [:]
            var list = members.map { byMember[$0] ?? MemberBalance(memberID: $0) }
            // A removed member can only hold zeros, but never drop money if one does not.
            for (id, balance) in byMember.sorted(by: { $0.key < $1.key }) where !live.contains(id) {
                list.append(balance)
            }
            return CurrencyBalances(currency: codes[code]!, balances: list)
        }
    }

    /// The error naming the expense or payment whose stored currency `code` is unreadable: the
    /// balance totals only copy it, and a person can find and fix the row it came from.
    static func sourceOfCurrency(_ db: Database, _ code: String, trip: TripID) throws -> StoreError? {
        typealias ExpenseColumns = ExpenseRecord.Columns
        typealias PaymentColumns = PaymentRecord.Columns
        let expense = ExpenseRecord.filter(ExpenseColumns.tripID == trip.rawValue && ExpenseColumns.currency == code)
        if let row = try Row.fetchOne(db, expense.select(ExpenseColumns.id, ExpenseColumns.currency)) {
            return StoredRow(row, table: ExpenseRecord.databaseTableName)
                .unreadable(ExpenseColumns.currency, expected: currencyExpected)
        }
        let payment = PaymentRecord.filter(PaymentColumns.tripID == trip.rawValue && PaymentColumns.currency == code)
        if let row = try Row.fetchOne(db, payment.select(PaymentColumns.id, PaymentColumns.currency)) {
            return StoredRow(row, table: PaymentRecord.databaseTableName)
                .unreadable(PaymentColumns.currency, expected: currencyExpected)
        }
        return nil
    }

    public func categoryTotals(trip: TripID) async throws -> [CategoryTotal] {
        try database.read { db in try categoryTotals(db, trip: trip) }
    }

    func categoryTotals(_ db: Database, trip: TripID, span: DateSpan = .always) throws -> [CategoryTotal] {
        try totals(db, trip: trip, by: ExpenseRecord.Columns.category, span: span) { stored, currency, total, count in
            CategoryTotal(category: try stored.category(ExpenseRecord.Columns.category), currency: currency, total: total,
                          count: count)
        }
    }

    /// Spending per day and currency: one grouped read, so a report of 100,000 expenses never
    /// loads them to draw its chart.
    func dayTotals(_ db: Database, trip: TripID, span: DateSpan = .always) throws -> [DayTotal] {
        try totals(db, trip: trip, by: ExpenseRecord.Columns.expenseDate, span: span) { stored, currency, total, count in
            DayTotal(date: try stored.date(ExpenseRecord.Columns.expenseDate), currency: currency, total: total, count: count)
        }
    }

    /// The groups of ``ExpenseRecord/totals(_:by:)``, each made into a value by `make` from the
    /// row (to read the key), its currency, sum and count.
    private func totals<Total>(_ db: Database, trip: TripID, by key: Column, span: DateSpan,
                               _ make: (StoredRow, Currency, Int64, Int) throws -> Total) throws -> [Total] {
        typealias Columns = ExpenseRecord.Columns
        var currencies = CurrencyCache()
        return try Row.fetchAll(db, ExpenseRecord.totals(trip, by: key, span: span)).map { row in
            let stored = StoredRow(row, table: ExpenseRecord.databaseTableName)
            return try make(stored, try stored.currency(Columns.currency, cache: &currencies), try stored.integer(Columns.amount),
                            row[ExpenseRecord.groupCount])
        }
    }

    /// Everything `split report` shows of `trip`, read in one transaction so the totals, the
    /// balances, the list and the held items are of the same moment: the balances and rates,
    /// the category and day totals, the newest `expenseLimit` expenses and payments (with the
    /// payments' count) and the held items. With a `span` (`report --month`), the spending and
    /// the lists are those dated within it, and the balances those at its last day.
    public func reportFigures(trip: TripID, expenseLimit: Int, span: DateSpan = .always) async throws -> ReportFigures {
        try database.read { db in
            let inSpan = ExpenseFilter(since: span.since, until: span.until)
            let balances = if let until = span.until { try balances(db, trip: trip, span: try DateSpan(since: nil, until: until)) }
                else { try balances(db, trip: trip) }
            // The whole trip's list is read no further than it is shown; a span's is filtered.
            let payments = span.isAlways ? try PaymentRecord.payments(db, trip: trip, limit: expenseLimit)
                : try PaymentRecord.payments(db, trip: trip).filter { span.contains($0.date) }
            let paymentCount = span.isAlways ? try PaymentRecord.live(trip).fetchCount(db) : payments.count
            return ReportFigures(balances: balances, rates: try TripRateRecord.rates(db, trip: trip),
                                 categories: try categoryTotals(db, trip: trip, span: span), days: try dayTotals(db, trip: trip, span: span),
                                 expenses: try withSplitRules(db, try ExpenseListing.newest(db, trip: trip, limit: expenseLimit, filter: inSpan)),
                                 payments: Array(payments.prefix(expenseLimit)), paymentCount: paymentCount,
                                 held: try ForeignItemRecord.items(db, trip: trip).filter { $0.state == .held })
        }
    }

    public func activity(trip: TripID, limit: Int) async throws -> [ActivityEntry] {
        try database.read { db in
            try ActivityRecord.newestFirst(trip).limit(limit).fetchAll(db).map(\.entry)
        }
    }
}
