import ArgumentParser
import SplitCore

struct TripShowCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the current trip (or --trip): currency, members, rates, counts.",
        discussion: HelpText.reflow("Example:\n  split trip show")
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> TripShown {
        let (trip, directory) = try await context.tripAndMembers()
        return TripShown(trip: trip, members: directory.members, rates: try await context.backend.rates(trip: trip.id),
                         overview: try await context.backend.trips().first { $0.trip.id == trip.id })
    }
}
