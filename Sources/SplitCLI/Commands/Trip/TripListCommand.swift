import ArgumentParser
import SplitCloud
import SplitCore
import SplitSync
import SplitReport
import SplitJSON

struct TripListCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List trips; the current one is marked with *.",
        discussion: HelpText.reflow("""
        --cloud lists the cloud trips of the logged-in account instead; fetch one with
        split trip pull NAME.
        Examples:
          split trip list
          split trip list --cloud
        """)
    )

    @Flag(help: "List the logged-in account's cloud trips.")
    var cloud = false

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> OneOf<TripListing, CloudTripListing> {
        if cloud { return .second(try await listCloud(context)) }
        return .first(TripListing(trips: try await context.backend.trips(), current: try await context.backend.currentTrip()?.id))
    }

    private func listCloud(_ context: CommandContext) async throws -> CloudTripListing {
        let session = try await context.sync.access.account()
        let groups = try await session.client.groups()
        let server = session.client.server.url
        let links = try context.backend.links().filter { $0.server == server }
        return CloudTripListing(server: server, groups: groups,
                                local: Dictionary(links.map { ($0.group, $0.trip) }, uniquingKeysWith: { first, _ in first }))
    }
}
