import SplitCore
import SplitJSON
import SplitStore

/// `log`: the trip's activity, newest first, each line at local time with the id it changed.
struct ActivityListing: CommandResult {
    let trip: Trip
    let entries: [ActivityEntry]
    /// `2025-01-20 18:30:05` in the user's time zone.
    let localTime: @Sendable (Timestamp) -> String

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip),
            "activity": .array(entries.map { entry in
                .object([
                    "seq": .int(entry.sequence), "at": .string(entry.at.iso8601), "action": .string(entry.action),
                    "summary": .string(entry.summary), "undone": .bool(entry.undoneAt != nil),
                    "ids": .array(entry.items.map { .string($0) }),
                ])
            }),
        ])
    }

    var lines: [String] {
        entries.map { entry in
            let undone = entry.undoneAt == nil ? "" : "  (undone)"
            return "\(localTime(entry.at))  \(Self.shortID(entry.items))  \(entry.summary)\(undone)"
        }
    }

    /// The first id the entry touched, as `expenses` shows ids, padded so summaries line up;
    /// a change of several items (a batch) shows its first. `--json` lists them all.
    static func shortID(_ items: [String]) -> String {
        let short = items.first.map { String($0.prefix(8)) } ?? ""
        return short + String(repeating: " ", count: max(0, 8 - short.count))
    }
}
