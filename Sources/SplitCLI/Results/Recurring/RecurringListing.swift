import SplitCore
import SplitJSON

/// `recurring list`: each rule in a line.
struct RecurringListing: CommandResult {
    let trip: Trip
    let rules: [RecurringRule]
    let directory: MemberDirectory

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip), "recurring": .array(rules.map { RecurringWords.json($0, directory) })]) }

    var lines: [String] {
        rules.isEmpty ? ["No recurring expenses; add one with: split recurring add Rent 1500 --every month --on 1"]
            : rules.map { RecurringWords.line($0, directory) }
    }
}
