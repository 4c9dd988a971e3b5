import SplitCore

/// Reports computed on this machine by SplitCore from what the server stores, so they equal
/// local mode's for the same data. The activity log and undo exist only locally.
extension CloudBackend {
    /// Members, expenses and (where the server has them) payments, fetched at once, then
    /// ``BalanceCalculator`` with members in name order, as the local store lists them.
    public func balances(trip: TripID) async throws -> [CurrencyBalances] {
        async let members = client.members(group: trip)
        async let expenses = cloudExpenses(trip)
        async let payments = self.payments(trip: trip)
        let (memberList, expenseList, paymentList) = try await (members, expenses, payments)
        return try BalanceCalculator.balances(
            members: memberList.map(\.id), expenses: expenseList.map(\.expense), payments: paymentList)
    }

    /// Totals per currency and category, ordered by currency code then category name.
    public func categoryTotals(trip: TripID) async throws -> [CategoryTotal] {
        struct Key: Hashable {
            let category: Category
            let currency: Currency
        }
        var totals: [Key: (total: Int64, count: Int)] = [:]
        for expense in try await cloudExpenses(trip).map(\.expense) {
            let key = Key(category: expense.category, currency: expense.amount.currency)
            let (sum, overflow) = (totals[key]?.total ?? 0).addingReportingOverflow(expense.amount.minorUnits)
            guard !overflow else { throw MoneyError.overflow }
            totals[key] = (sum, (totals[key]?.count ?? 0) + 1)
        }
        return totals.map { CategoryTotal(category: $0.key.category, currency: $0.key.currency, total: $0.value.total,
                                          count: $0.value.count) }
            .sorted { ($0.currency.code, $0.category.rawValue) < ($1.currency.code, $1.category.rawValue) }
    }

    public func activity(trip: TripID, limit: Int) async throws -> [ActivityEntry] {
        throw Self.localOnly("the activity log is kept")
    }

    public func undo(trip: TripID, at: Timestamp) async throws -> ActivityEntry {
        throw Self.localOnly("undo works")
    }
}
