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
        let shown = try await context.backend.recurringRuleShown(matching: { try RecurringReference.resolve(rule, in: $0) },
                                                                 trip: trip.id, limit: RecurringShown.listed)
        return RecurringShown(trip: trip, rule: shown.rule, directory: directory, count: shown.count, deleted: shown.deleted,
                              newest: shown.newest)
    }
}
