/// Each member's paid and share per calendar month and currency (`split summary --by month`):
/// what a household looks at when the rent and the groceries of March are settled. Each
/// month's figures are the ``BalanceCalculator``'s for that month's expenses, so they add up
/// to the trip's own paid and share; payments are not spending and are left out.
public struct MonthlySpending: Hashable, Sendable {
    public struct Month: Hashable, Sendable {
        /// `2026-03`.
        public let month: String
        public let currency: Currency
        public let total: Int64
        public let count: Int
        /// Every member of the trip (and any other an expense names), in the roster's order.
        public let members: [MemberBalance]
    }

    /// Oldest month first; within a month, currencies in code order.
    public let months: [Month]

    /// Groups `expenses` by month and currency, listing `members` in that order in each.
    public init(members: [MemberID], expenses: [Expense]) throws(MoneyError) {
        var groups: [String: [Expense]] = [:]
        for expense in expenses { groups[Self.month(of: expense.date), default: []].append(expense) }
        var months: [Month] = []
        for month in groups.keys.sorted() {
            let inMonth = groups[month] ?? []
            for balances in try BalanceCalculator.balances(members: members, expenses: inMonth, payments: []) {
                var totals = SpendingTotals()
                for expense in inMonth where expense.amount.currency == balances.currency { try totals.add(expense.amount) }
                let entry = totals.currencies.first
                months.append(Month(month: month, currency: balances.currency, total: entry?.total ?? 0, count: entry?.count ?? 0,
                                    members: balances.balances))
            }
        }
        self.months = months
    }

    /// `2026-03` for any day of March 2026.
    public static func month(of date: CivilDate) -> String { String(date.description.prefix(7)) }
}
