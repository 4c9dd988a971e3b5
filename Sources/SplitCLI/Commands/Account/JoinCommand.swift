import ArgumentParser
import SplitCore

/// `split join CODE`: joins someone's cloud trip by its invite code and pulls it into a new
/// linked local trip.
struct JoinCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join a cloud trip by its invite code and keep a synced copy here.",
        discussion: HelpText.reflow("""
        The code is the 6 letters or digits split trip invite prints on another device.
        Example:
          split join K7QM2X
        """)
    )

    @Argument(help: "The invite code.")
    var code: String

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let trimmed = code.trimmingSpaces.uppercased()
        guard trimmed.count == 6, trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw CLIError("'\(code)' is not an invite code; a code is 6 letters or digits, such as K7QM2X", kind: .data)
        }
        let session = try await SyncConnector.session(context)
        let group = try await session.client.joinGroup(code: trimmed)
        try await TripPullCommand.adopt(group, session: session, context: context)
    }
}
