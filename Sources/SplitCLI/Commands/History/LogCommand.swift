import ArgumentParser
import SplitCore

struct LogCommand: PrintingCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show the trip's activity history, newest first.",
        discussion: HelpText.reflow("""
        Each line shows the id of the expense, payment or member changed, and for an expense
        edit what changed. Example:
          split log --limit 20
        """)
    )

    @Option(help: "How many entries to show.")
    var limit = 50

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be a positive whole number") }
    }

    func run(_ context: CommandContext) async throws {
        let trip = try await context.trip()
        let entries = try await context.backend.activity(trip: trip.id, limit: limit)
        if context.output.json {
            context.output.emit(.object([
                "trip": JSONRendering.trip(trip),
                "activity": .array(entries.map { entry in
                    .object([
                        "seq": .int(entry.sequence), "at": .string(entry.at.iso8601), "action": .string(entry.action),
                        "summary": .string(entry.summary), "undone": .bool(entry.undoneAt != nil),
                        "ids": .array(entry.items.map { .string($0) }),
                    ])
                }),
            ]))
            return
        }
        for entry in entries {
            let undone = entry.undoneAt == nil ? "" : "  (undone)"
            let id = Self.shortID(entry.items)
            context.output.line("\(context.clock.localText(entry.at))  \(id)  \(entry.summary)\(undone)")
        }
    }

    /// The first id the entry touched, as `expenses` shows ids, padded so summaries line up;
    /// a change of several items (a batch) shows its first. `--json` lists them all.
    static func shortID(_ items: [String]) -> String {
        let short = items.first.map { String($0.prefix(8)) } ?? ""
        return short + String(repeating: " ", count: max(0, 8 - short.count))
    }
}
