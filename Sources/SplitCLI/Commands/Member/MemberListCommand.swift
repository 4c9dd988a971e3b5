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

    func run(_ context: CommandContext) async throws {
        let (trip, directory) = try await context.tripAndMembers()
        let me = try await context.me()?.member.id
        if context.output.json {
            context.output.emit(.object([
                "trip": JSONRendering.trip(trip), "me": JSONRendering.string(me?.rawValue),
                "members": .array(directory.members.map(JSONRendering.member)),
            ]))
        } else if directory.members.isEmpty {
            context.output.line("No members yet. Add them with: split member add NAME...")
        } else {
            var table = TextTable(["NAME", "ID"])
            for member in directory.members { table.add([member.name + (member.id == me ? " (you)" : ""), member.id.short]) }
            context.output.line(table.render())
        }
    }
}
