import SplitCore
import SplitJSON

/// `expense show` and `expense edit`: one expense, how it is split, and the split as given;
/// `edited` says it was just changed (then with the notes the change gave).
struct ExpenseShown: CommandResult {
    let trip: Trip
    let expense: Expense
    let directory: MemberDirectory
    /// The split as given, in words' terms (``SplitWords/rule(_:_:_:)``).
    let rule: SplitRule?
    var edited = false
    /// The kept rule whose items and extras ride along in `--json` after an edit (``ItemsJSON``).
    var kept: SplitRule?
    var notes: [String] = []
    /// The recurring rule and period that made it, when it is an instance of one.
    var recurring: (rule: RecurringRuleID, description: String?, period: String)?

    var json: JSONValue {
        if edited {
            return .object(["trip": JSONRendering.trip(trip),
                            "expense": ItemsJSON.adding(kept, to: JSONRendering.expense(expense, directory), expense, directory)])
        }
        var fields = [JSONMember("trip", JSONRendering.trip(trip)), JSONMember("expense", JSONRendering.expense(expense, directory)),
                      JSONMember("splitGiven", SplitWords.json(rule, directory, amount: expense.amount))]
        if let recurring {
            fields.append(JSONMember("recurring", .object(["rule": .string(recurring.rule.rawValue), "period": .string(recurring.period)])))
        }
        if let stale = expense.staleSplitGiven {
            fields.append(JSONMember("splitGivenNotMatching", SplitWords.json(stale, directory, amount: expense.amount)))
        }
        return .object(fields)
    }

    var lines: [String] {
        (edited ? ["Updated expense \(expense.id.short)."] : []) + ExpenseText.lines(expense, directory, rule: rule)
            + (recurring.map { ["Recurring: \($0.description ?? "a deleted rule") (\($0.rule.short)), period \($0.period)"] } ?? [])
    }
}
