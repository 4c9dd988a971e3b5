import SplitCloud
import SplitCore

/// Everything checked before the first write, so a trip the server would refuse (or, the
/// Node server, store wrongly or answer with a 500) fails with one line and nothing created.
enum UploadValidation {
    static func check(_ snapshot: LocalTripSnapshot, groupName: String, capabilities: ServerCapabilities)
        throws(UploadError) -> String {
        let name: String
        do { name = try WireValidation.name(groupName, member: false) } catch { throw .invalid(error.message) }
        try currencies(snapshot, capabilities)
        let members = Set(snapshot.members.map(\.id))
        let paymentsAsExpenses = !capabilities.has(.payments)
        for item in snapshot.expenseItems(paymentsAsExpenses: paymentsAsExpenses) {
            do {
                try WireValidation.expense(item.expense, members: members, capabilities: capabilities)
            } catch {
                throw .invalid("\(describe(item)): \(error.message)")
            }
        }
        if !paymentsAsExpenses {
            for payment in snapshot.payments {
                do {
                    try WireValidation.payment(payment, members: members, capabilities: capabilities)
                } catch {
                    throw .invalid("payment \(payment.id.short) of \(payment.amount): \(error.message)")
                }
            }
        }
        return name
    }

    /// One line for every currency the server refuses, with how many items use it.
    private static func currencies(_ snapshot: LocalTripSnapshot, _ capabilities: ServerCapabilities) throws(UploadError) {
        var refused: [String: Int] = [:]
        for currency in snapshot.expenses.map(\.amount.currency) + snapshot.payments.map(\.amount.currency)
            where !capabilities.accepts(currency) {
            refused[currency.code, default: 0] += 1
        }
        guard !refused.isEmpty else { return }
        let which = capabilities.isSplitServer ? "this server" : "this server (the Node budget_splitter_web API)"
        let list = refused.keys.sorted().map { "\($0) (\(refused[$0]!) item\(refused[$0]! == 1 ? "" : "s"))" }
        throw .invalid("\(which) does not accept currency \(list.joined(separator: ", ")); it accepts only "
                       + capabilities.currencies.joined(separator: ", ") + ". Nothing was uploaded")
    }

    private static func describe(_ item: ExpenseItem) -> String {
        switch item.kind {
        case .payment: return "payment \(item.expense.id.short) of \(item.expense.amount)"
        default: return "expense '\(item.expense.description)' (\(item.expense.date), \(item.expense.id.short))"
        }
    }
}
