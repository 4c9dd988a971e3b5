import ArgumentParser
import SplitCore

struct RecurringResumeCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Add a paused recurring expense again, from today on.",
        discussion: HelpText.reflow("The periods that fell while it was paused are not added.\nExample:\n  split recurring resume Rent"))

    @Argument(help: "The rule's description or id.")
    var rule: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> RecurringChanged {
        try await RecurringChanged.setPaused(false, rule, context)
    }
}
