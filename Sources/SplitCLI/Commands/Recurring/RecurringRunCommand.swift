import ArgumentParser
import SplitCore

struct RecurringRunCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Add every recurring expense due by today now (any command does it too).")

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> RecurringRan {
        // Opening the trip already catches up: that is what this command reports.
        context.catchUp.reportInResult()
        let (trip, directory) = try await context.tripAndMembers()
        let opened = context.catchUp.result ?? .nothing
        let caughtUp = try await context.backend.catchUpRecurring(trip: trip.id, today: context.clock.today(), at: context.now)
        return RecurringRan(trip: trip, added: opened.added + caughtUp.added, problems: opened.problems + caughtUp.problems, directory: directory)
    }
}
