import SplitCore
import SplitJSON
import SplitReport

/// `recurring show`: one rule in full, how many instances it has made and the latest few.
struct RecurringShown: CommandResult {
    /// How many of the latest instances are listed.
    static let listed = 5

    let trip: Trip
    let rule: RecurringRule
    let directory: MemberDirectory
    /// Live instances, and deleted ones (never added again).
    let count: Int
    let deleted: Int
    let newest: [(expense: Expense, period: String)]

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip),
            "rule": RecurringWords.json(rule, directory),
            "schedule": .string(RecurringWords.schedule(rule.schedule)),
            "split": RecurringWords.splitJSON(rule.template, directory),
            "note": JSONRendering.string(rule.template.note),
            "instances": .int(Int64(count)),
            "deletedInstances": .int(Int64(deleted)),
            "latest": .array(newest.map { expense, period in
                .object(["id": .string(expense.id.rawValue), "expenseDate": .string(expense.date.description),
                         "period": .string(period),
                         "amount": JSONRendering.amount(expense.amount.minorUnits, expense.amount.currency),
                         "currency": .string(expense.amount.currency.code)])
            }),
        ])
    }

    var lines: [String] {
        let template = rule.template
        var lines = ["\(template.description) (\(rule.id.short)): "
                     + MoneyWords.text(template.amount.minorUnits, template.amount.currency) + " "
                     + RecurringWords.schedule(rule.schedule)]
        lines.append("Paid by " + RecurringWords.payers(template.payers, directory))
        lines.append("Split: " + RecurringWords.split(template, directory))
        lines.append("Category: \(template.category.rawValue)")
        if let note = template.note { lines.append("Note: \(note)") }
        if rule.paused {
            lines.append("Paused; resume with: split recurring resume \(rule.id.short)")
        } else if let next = rule.nextDue {
            lines.append("Next: \(next)")
        } else {
            lines.append("Ended: no more instances")
        }
        lines.append("Instances: \(count)" + (deleted > 0 ? " (and \(deleted) deleted, never added again)" : ""))
        if !newest.isEmpty {
            var table = TextTable(["DATE", "PERIOD", "ID", "AMOUNT"], rightAligned: [3])
            for (expense, period) in newest {
                table.add([expense.date.description, period, expense.id.short,
                           MoneyWords.text(expense.amount.minorUnits, expense.amount.currency)])
            }
            lines.append(table.render())
            if count > newest.count { lines.append("(the latest \(newest.count); split expenses lists them all)") }
        }
        lines.append("Id: \(rule.id)")
        return lines
    }
}
