import ArgumentParser
import SplitCore
import SplitSync
import SplitCloud
import SplitStore

/// `split trip invite`: the invite code of a linked trip's cloud trip, for `split join`.
struct TripInviteCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite",
        abstract: "Print the invite code others use to join this linked trip (split join CODE).",
        discussion: HelpText.reflow("""
        Example:
          split trip invite
        """)
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> InviteCode {
        let trip = try await context.trip()
        guard let link = try await context.scope().link else {
            throw CLIError("\(trip.name) is local only; link it first with: split upload", kind: .data)
        }
        let groups = try await context.sync.access.client(for: link).groups()
        guard let group = groups.first(where: { $0.id.rawValue == link.group }), let code = group.inviteCode else {
            throw CLIError("the server lists no invite code for \(trip.name)", kind: .data)
        }
        return InviteCode(trip: trip.id, code: code)
    }
}
