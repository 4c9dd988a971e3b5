import SplitCore
import SplitJSON
import SplitReport
import SplitStore

/// The text form of one expense, for `show` and `edit`.
enum ExpenseText {
    /// Description, amount, category and date; payers; the split as given; each member's share
    /// (with an itemized bill's items and extras); the note; the id.
    static func lines(_ expense: Expense, _ directory: MemberDirectory, rule: SplitRule?) -> [String] {
        var lines: [String] = []
        lines.append("\(expense.shownDescription): \(expense.amount), \(expense.category.rawValue), \(expense.date)")
        lines.append("Paid by \(Amounts.payers(expense, directory))")
        lines.append("Split: \(SplitWords.text(rule, directory, amount: expense.amount))")
        if let stale = expense.staleSplitGiven {
            lines.append("Given as: \(SplitWords.text(stale, directory, amount: expense.amount)); it no longer gives these "
                        + "shares (they were changed elsewhere), so the shares count")
        }
        let currency = expense.amount.currency
        // An itemized bill shows what each member had and their part of the tax and tip.
        var bill: ItemizedBill.Breakdown?
        if case .itemized(let given)? = rule {
            bill = try? given.breakdown(amount: expense.amount.minorUnits, exponent: currency.exponent)
        }
        var table = bill == nil ? TextTable(["MEMBER", "SHARE", "PAID BACK"], rightAligned: [1])
            : TextTable(["MEMBER", "ITEMS", "EXTRAS", "SHARE", "PAID BACK"], rightAligned: [1, 2, 3])
        for split in JSONRendering.byName(expense.splits, directory) {
            let settled = split.memberID == expense.soloPayer ? "(payer)" : (split.isPaid ? "yes" : "no")
            var row = [directory.name(of: split.memberID)]
            if let bill {
                let items = bill.itemParts.first { $0.memberID == split.memberID }?.amount ?? 0
                row += [Amounts.text(items, currency), Amounts.signed(bill.extras(of: split.memberID), currency)]
            }
            table.add(row + [Amounts.text(split.amount, currency), settled])
        }
        lines.append(table.render())
        if let note = expense.note { lines.append("Note: \(note)") }
        lines.append("Id: \(expense.id)")
        return lines
    }
}
