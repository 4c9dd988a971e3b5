import SplitJSON
import SplitReport

/// `conflicts`: the open conflicts, and the server items held out of the trip or read with
/// a repair.
struct ConflictListing: CommandResult {
    let conflicts: [ConflictView]
    let held: [ForeignItemView]
    let repaired: [ForeignItemView]

    var json: JSONValue {
        .object(["conflicts": .array(conflicts.map(\.json)), "held": .array(held.map(\.json)),
                 "repaired": .array(repaired.map(\.json))])
    }

    var lines: [String] {
        var lines: [String] = []
        if conflicts.isEmpty {
            lines.append("No conflicts.")
        } else {
            var table = TextTable(["ID", "WHAT", "FIELD", "MINE", "THEIRS"], rightAligned: [0])
            for view in conflicts {
                table.add([String(view.conflict.id), view.itemText, view.conflict.field, view.mine ?? "(deleted)",
                           view.theirs ?? Self.missingTheirs(view.conflict.field)])
            }
            lines.append(table.render())
            for view in conflicts where view.conflict.field == "rejected" || view.conflict.field == "held" {
                let verb = view.conflict.field == "held" ? "the server's version is held" : "the server refused it"
                lines.append("\(view.conflict.id): \(verb): \(view.conflict.detail ?? "no reason given")")
            }
            lines.append("Resolve each with: split resolve ID --mine (send my version again) or --theirs (keep the server's)")
        }
        if !held.isEmpty {
            lines.append("Held, not in the trip or its balances until someone fixes it (here with split expense edit, or on the server):")
            lines += held.map { "  " + $0.line }
        }
        if !repaired.isEmpty {
            lines.append("Repaired on reading (another client's data, read by split's documented rule):")
            lines += repaired.map { "  " + $0.line }
        }
        return lines
    }

    static func missingTheirs(_ field: String) -> String {
        switch field {
        case "rejected": return "(not on the server)"
        case "held": return "(held)"
        default: return "(deleted)"
        }
    }
}
