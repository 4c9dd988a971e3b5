import ArgumentParser
import SplitCore
import SplitJSON
import SplitStore

/// `split status`: where the current trip (or every linked trip) stands with its server.
/// Reads the local file only.
struct StatusCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show a trip's link: server, cloud trip, last sync, waiting changes, conflicts and held items.",
        discussion: HelpText.reflow("""
        Makes no request. Without --trip, shows the current trip.
        Examples:
          split status
          split status --all --json
        """)
    )

    @Flag(help: "Show every linked trip.")
    var all = false

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> OneOf<TripSyncStatus, OneOf<LocalTripStatus, StatusListing>> {
        let store = context.backend
        if all {
            var trips: [TripSyncStatus] = []
            for status in try store.statuses() { trips.append(try await Self.status(status, context)) }
            return .second(.second(StatusListing(trips: trips)))
        }
        let trip = try await context.trip()
        // The scope read the link; only the counts are read here.
        guard let status = try store.link(trip.id).map(store.status(of:)) else {
            return .second(.first(LocalTripStatus(trip: trip, me: try await context.me())))
        }
        return .first(try await Self.status(status, context))
    }

    private static func status(_ status: LinkStatus, _ context: CommandContext) async throws -> TripSyncStatus {
        let link = status.link
        return TripSyncStatus(status: status, name: try await context.backend.trip(matching: link.trip.rawValue).name,
                              me: try await context.me(in: link.trip),
                              synced: link.syncedAt.map { context.clock.localText($0) } ?? "never")
    }
}
