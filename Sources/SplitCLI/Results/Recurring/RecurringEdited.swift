import SplitCore
import SplitJSON

/// `recurring edit`: the rule as it is now and, with `--from`, the instances made again and
/// those kept because they were edited by hand.
struct RecurringEdited: CommandResult {
    let trip: Trip
    let rule: RecurringRule
    let changed: [Expense]
    let kept: [Expense]
    let from: CivilDate?
    let directory: MemberDirectory

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip),
            "rule": RecurringWords.json(rule, directory),
            "changed": .array(changed.map { JSONRendering.expense($0, directory) }),
            "kept": .array(kept.map { .object(["id": .string($0.id.rawValue), "expenseDate": .string($0.date.description)]) }),
        ])
    }

    var lines: [String] {
        var lines = ["Updated recurring \(RecurringWords.line(rule, directory))."]
        guard let from else {
            lines.append("Instances already added stay as they were (give --from DATE to change those from a date on).")
            return lines
        }
        let count = changed.count
        lines.append("Changed \(count) instance\(count == 1 ? "" : "s") dated \(from) or later"
                     + (count == 0 ? "." : ": " + changed.map(\.date.description).joined(separator: ", ") + "."))
        if !kept.isEmpty {
            lines.append("Kept \(kept.count) edited by hand since \(kept.count == 1 ? "it was" : "they were") added: "
                         + kept.map { "\($0.date) (\($0.id.short))" }.joined(separator: ", ") + ".")
        }
        return lines
    }
}
