import ArgumentParser
import SplitCore

struct TripDeleteCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a trip and everything in it (needs --yes; cannot be undone).",
        discussion: HelpText.reflow("Example:\n  split trip delete \"Tokyo Trip\" --yes")
    )

    @Argument(help: "The trip's name or id.")
    var trip: String

    @Flag(help: "Confirm the deletion.")
    var yes = false

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let found = try await context.backend.trip(matching: trip)
        let status = try context.syncStore.statuses(trip: found.id).first
        guard yes else {
            let count = try await context.backend.trips().first { $0.trip.id == found.id }?.expenseCount ?? 0
            guard let status else {
                throw CLIError("deleting trip \(found.name) removes its \(count) expense\(count == 1 ? "" : "s") for good; "
                               + "add --yes to confirm")
            }
            let waiting = status.pending > 0 ? "; its \(status.pending) unsynced change\(status.pending == 1 ? " is" : "s are") lost" : ""
            throw CLIError("deleting trip \(found.name) removes it from this device; the cloud trip stays\(waiting). "
                           + "Add --yes to confirm")
        }
        try await context.backend.deleteTrip(found.id)
        if context.output.json {
            context.output.emit(.object(["deleted": JSONRendering.trip(found)]))
        } else {
            context.output.line("Deleted trip \(found.name).")
        }
    }
}
