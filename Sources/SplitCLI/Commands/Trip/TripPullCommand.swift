import ArgumentParser
import SplitCloud
import SplitCore
import SplitSync

/// `split trip pull GROUP`: a cloud trip of this account, fetched into a new linked local
/// trip that then works offline and syncs both ways.
struct TripPullCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Fetch a cloud trip into a new local trip that stays in sync with it.",
        discussion: HelpText.reflow("""
        GROUP is a cloud trip's name or id, as split trip list --cloud shows them.
        Examples:
          split trip list --cloud
          split trip pull "Tokyo Trip"
        """)
    )

    @Argument(help: "The cloud trip's name or id.")
    var group: String

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> TripPulled {
        let session = try await context.sync.access.account()
        let groups = try await session.client.groups()
        let found = try Self.match(group, in: groups)
        return try await TripPullCommand.adopt(found, session: session, context: context)
    }

    /// Pulls `group` into a new linked trip and makes it current.
    static func adopt(_ group: CloudGroup, session: (client: CloudClient, account: String),
                      context: CommandContext) async throws -> TripPulled {
        let clock = context.clock
        let linker = TripLinker(store: context.backend, client: session.client, account: session.account,
                                clock: { clock.now() })
        let (trip, tally) = try await linker.pull(group)
        try await context.backend.setCurrentTrip(trip.id)
        let stored = try await context.backend.trip(matching: trip.id.rawValue)
        return TripPulled(trip: stored, pulled: tally.pulled)
    }

    /// The group named `reference`: an id or id prefix of 6 or more characters, an exact name
    /// (any case), or a unique name prefix.
    static func match(_ reference: String, in groups: [CloudGroup]) throws -> CloudGroup {
        let key = reference.lowercased()
        if let exact = groups.first(where: { $0.id.rawValue == key }) { return exact }
        let named = groups.filter { $0.name.lowercased() == key }
        if named.count == 1 { return named[0] }
        var candidates = key.count >= 6 ? groups.filter { $0.id.rawValue.hasPrefix(key) } : []
        if candidates.isEmpty { candidates = named.isEmpty ? groups.filter { $0.name.lowercased().hasPrefix(key) } : named }
        guard let first = candidates.first else {
            let known = groups.map(\.name).joined(separator: ", ")
            throw CLIError("no cloud trip '\(reference)'" + (known.isEmpty ? "; this account has none" : " (cloud trips: \(known))"),
                           kind: .notFound)
        }
        guard candidates.count == 1 else {
            throw CLIError("'\(reference)' matches several cloud trips: "
                           + candidates.map { "\($0.name) (\($0.id.short))" }.joined(separator: ", ") + "; give the id",
                           kind: .data)
        }
        return first
    }
}
