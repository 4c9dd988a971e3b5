import ArgumentParser
import SplitCore
import SplitReport

struct MemberListCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the trip's members.",
        discussion: HelpText.reflow("Example:\n  split member list --json")
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> MemberListing {
        let (trip, directory) = try await context.tripAndMembers()
        return MemberListing(trip: trip, members: directory.members, me: try await context.me()?.member.id,
                             departures: directory.departures)
    }
}
