import ArgumentParser
import SplitCore

struct LogCommand: ContextCommand {
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

    func run(_ context: CommandContext) async throws -> ActivityListing {
        let trip = try await context.trip()
        let clock = context.clock
        return ActivityListing(trip: trip, entries: try await context.backend.activity(trip: trip.id, limit: limit),
                               localTime: { clock.localText($0) })
    }
}
