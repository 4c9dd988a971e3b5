import ArgumentParser
import SplitCore

/// `split undo`: reverts the newest change of the trip; the inverse is in the activity log.
struct UndoCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert the newest change: an expense add, edit or delete, a payment, a paid mark, or a member change.",
        discussion: HelpText.reflow("Example:\n  split undo")
    )

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> ChangeUndone {
        let trip = try await context.trip()
        return ChangeUndone(trip: trip, entry: try await context.backend.undo(trip: trip.id, at: context.now))
    }
}
