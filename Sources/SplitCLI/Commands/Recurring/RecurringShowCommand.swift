import ArgumentParser
import SplitCore

struct RecurringShowCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a recurring expense: its schedule, split, next date and latest instances.",
        discussion: HelpText.reflow("Example:\n  split recurring show Rent"))

    @Argument(help: "The rule's description or id.")
    var rule: String

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> RecurringShown {
        let (trip, directory) = try await context.tripAndMembers()
        let found = try RecurringReference.resolve(rule, in: try await context.backend.recurringRules(trip: trip.id))
        let instances = try await context.backend.recurringInstances(of: found.id, trip: trip.id, limit: RecurringShown.listed)
        return RecurringShown(trip: trip, rule: found, directory: directory, count: instances.count, deleted: instances.deleted,
                              newest: instances.newest)
    }
}
