import ArgumentParser
import SplitCore

struct TripRenameCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a trip.",
        discussion: HelpText.reflow("Example:\n  split trip rename \"Tokyo Trip\" \"Japan 2025\"")
    )

    @Argument(help: "The trip's current name or id.", completion: ShellCompletion.trips)
    var old: String

    @Argument(help: "The new name.")
    var new: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> TripRenamed {
        let trip = try await context.backend.trip(matching: old)
        let name = try NameRules.trip(new)
        try await context.backend.renameTrip(trip.id, to: name, at: context.now)
        return TripRenamed(oldName: trip.name, trip: Trip(id: trip.id, name: name, currency: trip.currency))
    }
}
