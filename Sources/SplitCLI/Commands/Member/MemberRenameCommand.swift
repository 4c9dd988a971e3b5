import ArgumentParser
import SplitCore
import SplitReport

struct MemberRenameCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a member.",
        discussion: HelpText.reflow("Example:\n  split member rename Dana Dani")
    )

    @Argument(help: "The member's current name or id.", completion: ShellCompletion.member)
    var old: String

    @Argument(help: "The new name.")
    var new: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> MemberRenamed {
        let (trip, directory) = try await context.tripAndMembers()
        let member = try directory.resolve(old)
        let name = try NameRules.member(new)
        try await context.backend.renameMember(member.id, to: name, trip: trip.id, at: context.now)
        return MemberRenamed(trip: trip, oldName: member.name, member: Member(id: member.id, name: name))
    }
}
