import SplitCore
import SplitJSON
import SplitReport

/// `recurring run`: the instances added now.
struct RecurringRan: CommandResult {
    let trip: Trip
    let added: [Expense]
    let problems: [String]
    let directory: MemberDirectory

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip), "added": .array(added.map { JSONRendering.expense($0, directory) })]) }
    var notes: [String] { problems }
    var lines: [String] {
        added.isEmpty ? ["Nothing due."]
            : added.map { "Added \($0.description) \(MoneyWords.text($0.amount.minorUnits, $0.amount.currency)) on \($0.date)." }
    }
}
