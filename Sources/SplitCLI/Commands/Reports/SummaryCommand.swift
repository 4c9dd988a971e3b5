import ArgumentParser
import SplitCore
import SplitReport

struct SummaryCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Totals per currency: by member (paid and share) and by category.",
        discussion: HelpText.reflow("Example:\n  split summary")
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> TripSummary {
        let (trip, directory) = try await context.tripAndMembers()
        return TripSummary(trip: trip, balances: try await context.backend.balances(trip: trip.id),
                           categories: try await context.backend.categoryTotals(trip: trip.id), directory: directory,
                           me: try await context.me()?.member.id)
    }
}
