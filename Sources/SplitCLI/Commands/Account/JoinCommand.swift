import ArgumentParser
import SplitCloud
import SplitCore
import SplitSync

/// `split join CODE`: joins someone's cloud trip by its invite code and pulls it into a new
/// linked local trip.
struct JoinCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join a cloud trip by its invite code and keep a synced copy here.",
        discussion: HelpText.reflow("""
        The code is the 6 letters or digits split trip invite prints on another device.
        With --as, you also say which member you are: your account claims that member on
        the server, in the same step, and a member another account claimed is refused with
        nothing joined.
        Examples:
          split join K7QM2X
          split join K7QM2X --as Bea
        """)
    )

    @Argument(help: "The invite code.")
    var code: String

    @Option(name: .customLong("as"), help: ArgumentHelp("The member you are in that trip.", valueName: "name"))
    var member: String?

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> TripPulled {
        let trimmed = code.trimmingSpaces.uppercased()
        guard trimmed.count == 6, trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw CLIError("'\(code)' is not an invite code; a code is 6 letters or digits, such as K7QM2X", kind: .data)
        }
        let name = try member.map { try NameRules.member($0) }
        let session = try await context.sync.access.account()
        let joined: Result<CloudGroup, CloudError>
        do { joined = .success(try await session.client.joinGroup(code: trimmed, memberName: name)) } catch { joined = .failure(error) }
        let group: CloudGroup
        switch joined {
        case .success(let value): group = value
        // The server's own reason, and that nothing was joined: the claim and the join are one step.
        case .failure(.refused(_, let detail)) where name != nil: throw CLIError.data("\(detail); nothing was joined")
        case .failure(let error): throw error
        }
        var pulled = try await TripPullCommand.adopt(group, session: session, context: context)
        if let name {
            if let me = try await context.me(in: group.id) {
                pulled.you = me.member.name
            } else {
                pulled.notes.append("split: \(session.client.server.url) did not record who you are; say it with: split member me \(name)")
            }
        }
        return pulled
    }
}
