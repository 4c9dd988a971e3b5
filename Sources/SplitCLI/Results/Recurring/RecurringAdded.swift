import SplitCore
import SplitJSON

/// `recurring add`: the rule, and the instances that were already due.
struct RecurringAdded: CommandResult {
    let trip: Trip
    let rule: RecurringRule
    let added: [Expense]
    let directory: MemberDirectory
    let notes: [String]

    var json: JSONValue {
        .object(["trip": JSONRendering.trip(trip), "rule": RecurringWords.json(rule, directory),
                 "added": .array(added.map { JSONRendering.expense($0, directory) })])
    }

    var lines: [String] {
        var lines = ["Added recurring \(RecurringWords.line(rule, directory))."]
        if !added.isEmpty {
            lines.append("Added \(added.count) instance\(added.count == 1 ? "" : "s") already due: "
                         + added.map(\.date.description).joined(separator: ", ") + ".")
        }
        return lines
    }
}
