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
                     now: Date) throws -> TripReport {
        let settlement = try SettlementReport(members: members, expenses: expenses, payments: payments)
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
        var totals: [Pair<SplitCore.Category>: (Int64, Int)] = [:]
        for expense in expenses { try add(expense, to: &totals, key: expense.category) }
        return totals.map { CategoryTotal(category: $0.key.key, currency: $0.key.currency, total: $0.value.0, count: $0.value.1) }
    }

    /// Spending per day and currency.
    static func days(_ expenses: [Expense]) throws(APIError) -> [DayTotal] {
        var totals: [Pair<CivilDate>: (Int64, Int)] = [:]
        for expense in expenses { try add(expense, to: &totals, key: expense.date) }
        return totals.map { DayTotal(date: $0.key.key, currency: $0.key.currency, total: $0.value.0, count: $0.value.1) }
    }

    private struct Pair<Key: Hashable>: Hashable {
        let key: Key
        let currency: Currency
    }

    /// Adds the expense to its group's total; a total past Int64 is refused as the balances' is.
    private static func add<Key: Hashable>(_ expense: Expense, to totals: inout [Pair<Key>: (Int64, Int)],
                                           key: Key) throws(APIError) {
        let pair = Pair(key: key, currency: expense.amount.currency)
        let old = totals[pair] ?? (0, 0)
        let (sum, overflow) = old.0.addingReportingOverflow(expense.amount.minorUnits)
        if overflow { throw APIError.unprocessable("the group's totals are too large to compute exactly") }
        totals[pair] = (sum, old.1 + 1)
    }
}
