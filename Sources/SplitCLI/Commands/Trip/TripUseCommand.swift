import ArgumentParser

struct TripUseCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "use",
        abstract: "Make a trip the current one.",
        discussion: HelpText.reflow("Example:\n  split trip use \"Tokyo Trip\"")
    )

    @Argument(help: "Trip name or id (a unique id prefix of 6+ characters works).", completion: ShellCompletion.trips)
    var trip: String

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> TripChosen {
        let found = try await context.backend.trip(matching: trip)
        try await context.backend.setCurrentTrip(found.id)
        return TripChosen(trip: found)
    }
}
