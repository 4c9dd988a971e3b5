import ArgumentParser
import SplitCore

struct RecurringListCommand: ContextCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the trip's recurring expenses.")

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> RecurringListing {
        let (trip, directory) = try await context.tripAndMembers()
        return RecurringListing(trip: trip, rules: try await context.backend.recurringRules(trip: trip.id), directory: directory)
    }
}
