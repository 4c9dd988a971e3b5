import Foundation
import SplitAPI
import SplitCore

/// A group's balances and settle-up plans, computed by SplitCore from stored records: the same
/// ``BalanceCalculator`` and ``SettlementPlanner`` that `split balances` and `split settle` run,
/// so a trip gives the same numbers and the same transfers locally and on the server.
struct SettlementReport {
    let directory: MemberDirectory
    let balances: [CurrencyBalances]

    /// Currencies that have expenses, payments or exchanges, by code.
    var currencies: [Currency] { balances.map(\.currency) }

    /// `exchanges`: the settle steps' currency exchanges (feature `conversions`), which move
    /// nets as `split balances` counts them.
    init(members: [MemberRecord], expenses: [ExpenseRecord], payments: [PaymentRecord],
         exchanges: [CurrencyExchange] = []) throws(APIError) {
        let people = members.map { Member(id: ExpenseRecord.member($0.id), name: $0.name) }
        directory = MemberDirectory(people)
        // Each payer's part counted as paid by them, as `split balances` counts it.
        let domainExpenses = expenses.map(\.domain)
        let domainPayments = payments.map(\.domain)
        do {
            balances = try BalanceCalculator.balances(
                members: directory.sortedByName(people.map(\.id)), expenses: domainExpenses, payments: domainPayments,
                exchanges: exchanges)
        } catch {
            throw APIError.unprocessable("the group's totals are too large to compute exactly")
        }
    }

    /// The `settlements` element for `currency`: every member with zeros when it has no activity.
    func settlement(for currency: Currency) throws(APIError) -> Components.Schemas.Settlement {
        let entry = balances.first { $0.currency == currency }
            ?? CurrencyBalances(currency: currency, balances: directory.sortedByName(directory.members.map(\.id)).map {
                MemberBalance(memberID: $0)
            })
        let transfers: [Transfer]
        do {
            transfers = try SettlementPlanner.plan(entry, names: directory)
        } catch {
            throw APIError.unprocessable("the group's balances do not sum to zero: \(error)")
        }
        func amount(_ minor: Int64) -> Double { WireAmount.number(minor, currency) }
        return .init(
            currency: currency.code,
            balances: entry.balances.map { balance in
                .init(memberId: balance.memberID.rawValue, memberName: directory.name(of: balance.memberID),
                      totalPaid: amount(balance.totalPaid), totalShare: amount(balance.totalShare),
                      paymentsMade: amount(balance.paymentsMade), paymentsReceived: amount(balance.paymentsReceived),
                      netBalance: amount(balance.net))
            },
            transfers: transfers.map { transfer in
                .init(fromId: transfer.from.rawValue, fromName: directory.name(of: transfer.from),
                      toId: transfer.to.rawValue, toName: directory.name(of: transfer.to), amount: amount(transfer.amount))
            })
    }
}
