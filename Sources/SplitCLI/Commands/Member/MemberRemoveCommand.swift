import ArgumentParser
import SplitCore
import SplitReport

struct MemberRemoveCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a member who has no expenses or payments.",
        discussion: HelpText.reflow("Example:\n  split member remove Dana")
    )

    @Argument(help: "The member's name or id.", completion: ShellCompletion.member)
    var name: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> MemberRemoved {
        let (trip, directory) = try await context.tripAndMembers()
        let member = try directory.resolve(name)
        try await context.backend.removeMember(member.id, trip: trip.id, at: context.now)
        return MemberRemoved(trip: trip, member: member)
    }
}
