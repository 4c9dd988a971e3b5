import ArgumentParser
import SplitCloud
import SplitCore
import SplitStore
import SplitSync

/// `split member me [NAME] [--clear]`: which member you are in the trip.
///
/// Why under `member`: "you" is one of the trip's members, and `split member me` reads as what
/// it does. On a trip linked to split-server it is your account's claim (`members.user_id`),
/// so every device you log in on knows it after a sync; a member another account claimed is
/// refused. Elsewhere (a local trip, the Node server, which has no route for it) it is kept on
/// this device.
struct MemberMeCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "me",
        abstract: "Show or set which member you are in the trip.",
        discussion: HelpText.reflow("""
        With you set, add-expense without --paid-by means you paid, settle starts with your
        transfers in words (settle --mine shows only those), and balances marks your line.
        On a trip linked to split-server this is your account's claim, seen by every device
        you use after a sync; a member another account claimed is refused. On a local trip or
        one linked to the Node server it stays on this device.
        In a trip where this says nothing, your me.name (split config set me.name NAME) picks
        the member of that name; --clear means nobody here, me.name or not.
        Examples:
          split member me Alex
          split member me
          split member me --clear
        """)
    )

    @Argument(help: "The member you are (name or id). Leave out to show it.", completion: ShellCompletion.member)
    var name: String?

    @Flag(help: "Forget which member you are.")
    var clear = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if clear && name != nil { throw ValidationError("give a member name or --clear, not both") }
    }

    func run(_ context: CommandContext) async throws -> YouInTrip {
        let (trip, directory) = try await context.tripAndMembers()
        guard name != nil || clear else {
            return YouInTrip(trip: trip, me: try await context.me())
        }
        let member = try name.map { try directory.resolve($0) }
        let link = try await context.scope().link
        var kept = Kept.device(node: link?.syncProtocol == .snapshot)
        if let link, link.syncProtocol == .feed {
            kept = try await claimOnServer(member, trip: trip, link: link, context)
        } else {
            try await context.backend.setMe(member?.id, trip: trip.id, at: context.now)
        }
        let subject = member.map { "You are \($0.name) in \(trip.name)" } ?? "You are no longer set in \(trip.name)"
        let said = switch kept {
        case .account(let server):
            "\(subject), for your account on \(server): every device you use knows it after a sync."
        case .waiting(let server):
            "\(subject) on this device; \(server) could not be reached, so your account's "
                + "\(member == nil ? "release" : "claim") is sent at the next sync."
        case .device(let node):
            "\(subject)\(node ? " on this device (the Node server keeps no claims)" : "")."
        }
        return YouInTrip(trip: trip, me: try await context.me(in: trip.id), said: said)
    }

    /// Where the choice now lives, for the line that says so.
    private enum Kept {
        case device(node: Bool)
        case account(String)
        case waiting(String)
    }

    /// Claims (or releases) on split-server at once; offline, keeps the choice here and sends
    /// it at the next sync. A refusal changes nothing and ends the command.
    private func claimOnServer(_ member: Member?, trip: Trip, link: TripLink, _ context: CommandContext) async throws -> Kept {
        if context.autoSyncSkipped == .offline {
            try await context.backend.setMe(member?.id, trip: trip.id, at: context.now)
            return .waiting(link.server)
        }
        let client = try context.sync.access.client(for: link)
        let sent: Result<Bool, CloudError>
        do {
            if try await client.capabilities().has(.claims) {
                try await ClaimSync(backend: context.backend, client: client, account: link.account)
                    .send(member?.id, trip: trip.id, group: link.group)
                sent = .success(true)
            } else {
                sent = .success(false)
            }
        } catch let error as CloudError {
            sent = .failure(error)
        }
        switch sent {
        case .success(true):
            return .account(link.server)
        case .success(false):
            // A split-server without claims: kept here, and sent once it has them.
            try await context.backend.setMe(member?.id, trip: trip.id, at: context.now)
            return .waiting(link.server)
        case .failure(.refused(_, let detail)):
            throw CLIError.data("\(detail); nothing changed")
        case .failure(let error) where error.kind == .unreachable:
            try await context.backend.setMe(member?.id, trip: trip.id, at: context.now)
            return .waiting(link.server)
        case .failure(let error):
            throw error
        }
    }
}
