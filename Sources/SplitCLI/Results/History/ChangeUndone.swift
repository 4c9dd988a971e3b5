import SplitCore
import SplitJSON
import SplitStore

/// `undo`: the activity entry that was reverted.
struct ChangeUndone: CommandResult {
    let trip: Trip
    let entry: ActivityEntry

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip),
            "undone": .object(["seq": .int(entry.sequence), "action": .string(entry.action), "summary": .string(entry.summary)]),
        ])
    }

    var lines: [String] { ["Undid: \(entry.summary)"] }
}
