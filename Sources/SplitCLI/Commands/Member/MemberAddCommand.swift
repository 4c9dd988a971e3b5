import ArgumentParser
import SplitCore
import SplitReport

struct MemberAddCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add one or more members to the trip.",
        discussion: HelpText.reflow("Example:\n  split member add Alex Bea Chen Dana")
    )

    @Argument(help: "Member names (unique within the trip, case-insensitive; no ',' or '=').")
    var names: [String]

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func validate() throws {
        guard !names.isEmpty else { throw ValidationError("give at least one member name, e.g. split member add Alex Bea") }
    }

    func run(_ context: CommandContext) async throws -> MembersAdded {
        let trip = try await context.trip()
        let drafts = try names.map { Member(id: MemberID(context.newID()), name: try NameRules.member($0)) }
        return MembersAdded(trip: trip, members: try await context.backend.addMembers(drafts, trip: trip.id, at: context.now))
    }
}
