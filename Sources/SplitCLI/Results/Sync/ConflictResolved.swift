import SplitJSON

/// `resolve ID --mine|--theirs`: the conflict settled, and which side was kept.
struct ConflictResolved: CommandResult {
    let view: ConflictView
    let keptMine: Bool

    var json: JSONValue { .object(["resolved": view.json, "kept": .string(keptMine ? "mine" : "theirs")]) }
    var lines: [String] {
        ["Resolved conflict \(view.conflict.id) (\(view.itemText), \(view.conflict.field)): kept \(keptMine ? "mine" : "theirs")."]
    }
}
