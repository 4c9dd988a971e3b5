import SplitCloud
import SplitCore
import SplitStore

/// Step 5: the group read back and compared with the local trip.
extension UploadRun {
    func verify(_ items: [ExpenseItem]) async throws -> UploadVerification {
        let expenses = try await readExpenses()
        let payments = capabilities.has(.payments) ? try await readPayments() : []
        let members = try await readMembers()
        var local: [MemberID: MemberID] = [:]
        for (localID, serverID) in mapping.entries(.member) { local[MemberID(serverID)] = MemberID(localID) }
        func toLocal(_ id: MemberID) -> MemberID { local[id] ?? id }
        // A held expense (no sound reading) counts for nothing: the balances then differ.
        let serverExpenses = expenses.compactMap { stored -> Expense? in
            guard var expense = stored.expense else { return nil }
            expense.payers = expense.payers.map { ExpensePayer(memberID: toLocal($0.memberID), amount: $0.amount) }
            expense.splits = expense.splits.map { ExpenseSplit(memberID: toLocal($0.memberID), amount: $0.amount, isPaid: $0.isPaid) }
            return expense
        }
        let serverPayments = payments.map { stored in
            var payment = stored
            payment.from = toLocal(payment.from)
            payment.to = toLocal(payment.to)
            return payment
        }
        let roster = snapshot.members.map(\.id)
        let mine = try BalanceCalculator.balances(members: roster, expenses: snapshot.expenses, payments: snapshot.payments)
        let theirs = try BalanceCalculator.balances(members: roster, expenses: serverExpenses, payments: serverPayments)
        var names = snapshot.names
        for member in members where local[member.id] == nil { names[member.id] = member.name }

        // Every local item by the id map, against what the server lists.
        var expected = Set<String>()
        var missing = 0
        let listed = Set(expenses.map(\.id.rawValue)).union(payments.map(\.id.rawValue))
        let localPayments = capabilities.has(.payments) ? snapshot.payments.map { ($0.id.rawValue, UploadMapKind.payment) } : []
        for (localID, kind) in items.map({ ($0.localID, $0.kind) }) + localPayments {
            // Two local items on one server item: one of them is not stored.
            guard let id = mapping.serverID(kind, localID), listed.contains(id), expected.insert(id).inserted else {
                missing += 1
                continue
            }
        }
        return UploadVerification(differences: Self.differences(mine, theirs, names: names), missing: missing,
                                  extra: listed.subtracting(expected).count)
    }

    /// Nets that differ, by currency code, then member name.
    static func differences(_ mine: [CurrencyBalances], _ theirs: [CurrencyBalances], names: [MemberID: String])
        -> [BalanceDifference] {
        func nets(_ balances: [CurrencyBalances]) -> [Currency: [MemberID: Int64]] {
            var result: [Currency: [MemberID: Int64]] = [:]
            for currency in balances {
                for balance in currency.balances { result[currency.currency, default: [:]][balance.memberID] = balance.net }
            }
            return result
        }
        let (here, there) = (nets(mine), nets(theirs))
        var result: [BalanceDifference] = []
        for currency in Set(here.keys).union(there.keys) {
            let (left, right) = (here[currency] ?? [:], there[currency] ?? [:])
            for member in Set(left.keys).union(right.keys) where (left[member] ?? 0) != (right[member] ?? 0) {
                result.append(BalanceDifference(member: names[member] ?? member.short, currency: currency,
                                                local: left[member] ?? 0, server: right[member] ?? 0))
            }
        }
        return result.sorted { ($0.currency.code, $0.member) < ($1.currency.code, $1.member) }
    }
}
