import SplitCore

/// Text forms of amounts for tables: padded to the currency's decimals (`10.50`, `3000`).
enum Amounts {
    static func text(_ minor: Int64, _ currency: Currency) -> String {
        DecimalText.major(minor, exponent: currency.exponent, padded: true)
    }

    static func signed(_ minor: Int64, _ currency: Currency) -> String {
        minor > 0 ? "+" + text(minor, currency) : text(minor, currency)
    }

    /// Who paid, for one line: `Alex`, or `Alex 300.00, Bea 200.00` when several paid.
    static func payers(_ expense: Expense, _ names: MemberDirectory) -> String {
        if let solo = expense.soloPayer { return names.name(of: solo) }
        return JSONRendering.byName(expense.payers, names).map { "\(names.name(of: $0.memberID)) \(text($0.amount, expense.amount.currency))" }
            .joined(separator: ", ")
    }
}
