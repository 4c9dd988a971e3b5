import ArgumentParser
import SplitCore

struct RecurringDeleteCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a recurring expense; the expenses it already added stay.",
        discussion: HelpText.reflow("Example:\n  split recurring delete Rent"))

    @Argument(help: "The rule's description or id.")
    var rule: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> RecurringChanged {
        let (trip, directory) = try await context.tripAndMembers()
        let found = try await context.backend.deleteRecurringRule(matching: { try RecurringReference.resolve(rule, in: $0) },
                                                                  trip: trip.id, at: context.now)
        return RecurringChanged(trip: trip, verb: "Deleted", rule: found, directory: directory)
    }
}
