import ArgumentParser
import SplitCore

struct RecurringPauseCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Stop adding a recurring expense until it is resumed.",
        discussion: HelpText.reflow("Example:\n  split recurring pause Rent"))

    @Argument(help: "The rule's description or id.")
    var rule: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> RecurringChanged {
        try await RecurringChanged.setPaused(true, rule, context)
    }
}
