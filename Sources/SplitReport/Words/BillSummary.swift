import SplitCore
import SplitJSON

/// An itemized bill as the report shows it under its expense: each item with its price and who
/// had it, then the tax, tip and discount as they came to. Only for a bill that still gives the
/// expense's shares (``SplitCore/Expense/givenRule``): the shares are what the report counts.
public enum BillSummary {
    /// The bill of `expense`, when it is an itemized one that still gives its shares.
    static func bill(of expense: Expense) -> ItemizedBill? {
        if case .itemized(let bill)? = expense.givenRule { return bill }
        return nil
    }

    /// "Steak ¥3,200 (Ana) · Wine ¥4,500 (everyone) · tax 8.875% ¥683 · tip 18% ¥1,386".
    static func text(_ expense: Expense, _ names: MemberDirectory) -> String? {
        guard let bill = bill(of: expense) else { return nil }
        let currency = expense.amount.currency
        var parts = bill.items.map { item in
            let who = item.among.isEmpty ? "everyone" : item.among.map { names.name(of: $0) }.joined(separator: ", ")
            return "\(item.name) \(MoneyWords.text(item.price, currency)) (\(who))"
        }
        if let breakdown = try? bill.breakdown(amount: expense.amount.minorUnits, exponent: currency.exponent) {
            for case let (name, extra, value?) in bill.extras(breakdown) {
                let given = if case .percent(let millionths) = extra { " " + DecimalText.major(millionths, exponent: 6) + "%" } else { "" }
                parts.append("\(name)\(given) \(MoneyWords.text(value, currency))")
            }
        }
        return parts.joined(separator: " · ")
    }

    /// `{"items":[{"name","price","among":[memberId…]}],"tax":…,"tip":…,"discount":…}`, each
    /// extra as what it came to.
    static func json(_ expense: Expense) -> JSONValue? {
        guard let bill = bill(of: expense) else { return nil }
        let currency = expense.amount.currency
        var fields = [JSONMember("items", .array(bill.items.map { item in
            .object([JSONMember("name", .string(item.name)), JSONMember("price", ReportJSON.amount(item.price, currency)),
                     JSONMember("among", .array(item.among.map { .string($0.rawValue) }))])
        }))]
        if let breakdown = try? bill.breakdown(amount: expense.amount.minorUnits, exponent: currency.exponent) {
            for case let (name, _, value?) in bill.extras(breakdown) { fields.append(JSONMember(name, ReportJSON.amount(value, currency))) }
        }
        return .object(fields)
    }
}
