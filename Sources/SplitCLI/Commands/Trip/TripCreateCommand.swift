import ArgumentParser
import SplitCore

struct TripCreateCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a trip and make it the current one.",
        discussion: HelpText.reflow("""
        Example:
          split trip create "Tokyo Trip" --currency JPY
        """)
    )

    @Argument(help: "The trip's name (unique, case-insensitive).")
    var name: String

    @Option(help: ArgumentHelp("The trip's home currency (ISO 4217).", valueName: "code"))
    var currency = "USD"

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let draft = Trip(id: TripID(context.newID()), name: try NameRules.trip(name), currency: try Currency(code: currency))
        let trip = try await context.backend.createTrip(draft, at: context.now)
        try await context.backend.setCurrentTrip(trip.id)
        if context.output.json {
            context.output.emit(.object([
                "trip": .object([
                    "id": .string(trip.id.rawValue), "name": .string(trip.name), "currency": .string(trip.currency.code),
                ]),
            ]))
        } else {
            context.output.line("Created trip \(trip.name) (\(trip.currency.code)); it is now the current trip.")
        }
    }
}
