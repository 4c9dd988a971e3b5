import Foundation
import SplitCore
import SplitReport

/// The ``SplitReport/TripReport`` a read-only link shows: the group's current members,
/// expenses and payments as stored (the newest of each listed, newest first), with the balances of ``SettlementReport`` (the numbers
/// `GET …/balances` answers) and the same renderer `split report` runs, so a friend's page
/// and the organiser's `split report --format html` are one page.
///
/// Only members' names and member ids reach it: never an account, an e-mail or the link's
/// token. Nobody is "you" on a page anyone with the link may open. Rows the server cannot
/// read fail the request as every other route does (``UnreadableStoredValue``).
enum SharedTripReport {
    static func make(group: SharedGroup, members: [MemberRecord], expenses: [ExpenseRecord], payments: [PaymentRecord],
                     exchanges: [CurrencyExchange] = [], now: Date) throws -> TripReport {
        let settlement = try SettlementReport(members: members, expenses: expenses, payments: payments, exchanges: exchanges)
        let domain = expenses.map(\.domain)
        let trip = Trip(id: TripID(group.id.uuidString.lowercased()), name: group.name,
                        currency: Trip.homeCurrency(stated: group.currency, expenseCurrencies: domain.map(\.amount.currency)))
        return try TripReport(
            trip: trip, members: members.map { Member(id: ExpenseRecord.member($0.id), name: $0.name) },
            me: nil, balances: settlement.balances, categories: try categories(domain), days: try days(domain),
            expenses: Array(domain.prefix(TripReport.expenseCap)), payments: payments.prefix(TripReport.expenseCap).map(\.domain),
            paymentCount: payments.count, held: [],
            madeAt: Timestamp(millisecondsSince1970: Int64((now.timeIntervalSince1970 * 1000).rounded(.down))))
    }

    /// Spending per category and currency, as the local store's grouped totals give it.
    static func categories(_ expenses: [Expense]) throws(APIError) -> [CategoryTotal] {
        try grouped(expenses, by: \.category).flatMap { category, totals in
            totals.currencies.map { CategoryTotal(category: category, currency: $0.currency, total: $0.total, count: $0.count) }
        }
    }

    /// Spending per day and currency.
    static func days(_ expenses: [Expense]) throws(APIError) -> [DayTotal] {
        try grouped(expenses, by: \.date).flatMap { day, totals in
            totals.currencies.map { DayTotal(date: day, currency: $0.currency, total: $0.total, count: $0.count) }
        }
    }

    /// The expenses' ``SpendingTotals`` (the sums `split expenses` prints) per `key`; a total
    /// past Int64 is refused as the balances' is.
    private static func grouped<Key: Hashable>(_ expenses: [Expense], by key: (Expense) -> Key) throws(APIError) -> [Key: SpendingTotals] {
        var totals: [Key: SpendingTotals] = [:]
        for expense in expenses {
            do {
                try totals[key(expense), default: SpendingTotals()].add(expense.amount)
            } catch {
                throw APIError.unprocessable("the group's totals are too large to compute exactly")
            }
        }
        return totals
    }
}
