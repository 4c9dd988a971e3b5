import SplitCore
import SplitJSON
import SplitStore
import SplitReport

/// `expenses`: the trip's expenses, newest date first, as a table or (on a terminal) as JSON;
/// `--json` into a pipe streams instead (``DocumentWritten``).
struct ExpenseListing: CommandResult {
    let trip: Trip
    let expenses: [Expense]
    let directory: MemberDirectory
    /// Whether a filter was given: an empty listing then says nothing matched.
    let filtered: Bool
    /// What the listed expenses come to, per currency: the total line.
    let totals: SpendingTotals
    /// The recurring rule and period of each listed instance (``SplitStore/RecurringOrigin``).
    var origins: [ExpenseID: RecurringOrigin] = [:]

    var json: JSONValue {
        .object(["trip": JSONRendering.trip(trip), "expenses": .array(expenses.map { JSONRendering.expense($0, directory, origin: origins[$0.id]) }),
                 "totals": Self.json(totals)])
    }

    /// `[{"currency":"JPY","total":63000,"expenses":5}]`: the listing's totals, per currency.
    static func json(_ totals: SpendingTotals) -> JSONValue {
        .array(totals.currencies.map { entry in
            .object(["currency": .string(entry.currency.code), "total": JSONRendering.amount(entry.total, entry.currency),
                     "expenses": .int(entry.count)])
        })
    }

    var lines: [String] {
        guard !expenses.isEmpty else {
            return ["No expenses\(filtered ? " match" : " yet"). Add one with: split add-expense DESCRIPTION AMOUNT --paid-by NAME"]
        }
        var table = TextTable(["DATE", "ID", "DESCRIPTION", "AMOUNT", "CATEGORY", "PAID BY", "SPLIT AMONG"], rightAligned: [3])
        for expense in expenses {
            table.add([
                expense.date.description, expense.id.short,
                expense.shownDescription + (origins[expense.id].map { " ↻ \($0.period)" } ?? ""), expense.amount.description,
                expense.category.rawValue, Amounts.payers(expense, directory),
                JSONRendering.byName(expense.splits, directory).filter { $0.amount > 0 }.map { directory.name(of: $0.memberID) }
                    .joined(separator: ", "),
            ])
        }
        return [table.render()] + (expenses.contains { origins[$0.id] != nil } ? ["↻ added by a recurring expense, for "
            + "that period (split recurring show NAME)"] : []) + totals.currencies.map { entry in
            "Total \(entry.currency.code): \(MoneyWords.text(entry.total, entry.currency)) in \(entry.count) expense\(entry.count == 1 ? "" : "s")"
        }
    }
}
