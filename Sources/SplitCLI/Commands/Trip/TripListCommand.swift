import ArgumentParser
import SplitCloud
import SplitCore
import SplitSync
import SplitReport
import SplitJSON

struct TripListCommand: PrintingCommand {
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

    func run(_ context: CommandContext) async throws {
        if cloud { return try await listCloud(context) }
        let trips = try await context.backend.trips()
        let current = try await context.backend.currentTrip()?.id
        if context.output.json {
            context.output.emit(.object(["trips": .array(trips.map { overview in
                .object([
                    "id": .string(overview.trip.id.rawValue), "name": .string(overview.trip.name),
                    "currency": .string(overview.trip.currency.code), "members": .int(overview.memberCount),
                    "expenses": .int(overview.expenseCount), "current": .bool(overview.trip.id == current),
                    "createdAt": JSONRendering.string(overview.createdAt?.iso8601),
                ])
            })]))
            return
        }
        guard !trips.isEmpty else {
            context.output.line("No trips yet. Create one with: split trip create NAME --currency CUR")
            return
        }
        var table = TextTable(["", "NAME", "CURRENCY", "MEMBERS", "EXPENSES", "ID"], rightAligned: [3, 4])
        for overview in trips {
            table.add([overview.trip.id == current ? "*" : "", overview.trip.name, overview.trip.currency.code,
                       String(overview.memberCount), String(overview.expenseCount), overview.trip.id.short])
        }
        context.output.line(table.render())
    }

    private func listCloud(_ context: CommandContext) async throws {
        let session = try await context.sync.access.account()
        let groups = try await session.client.groups()
        let links = try context.syncStore.links().filter { $0.server == session.client.server.url }
        let local = Dictionary(links.map { ($0.group, $0.trip) }, uniquingKeysWith: { first, _ in first })
        if context.output.json {
            context.output.emit(.object(["server": .string(session.client.server.url), "trips": .array(groups.map { group in
                .object([
                    "id": .string(group.id.rawValue), "name": .string(group.name),
                    "inviteCode": .string(orNull: group.inviteCode),
                    "localTrip": .string(orNull: local[group.id.rawValue]?.rawValue),
                ])
            })]))
            return
        }
        guard !groups.isEmpty else {
            context.output.line("No cloud trips on \(session.client.server.url). Create one with: split trip create NAME --cloud")
            return
        }
        var table = TextTable(["NAME", "ID", "HERE"])
        for group in groups {
            table.add([group.name, group.id.short, local[group.id.rawValue] == nil ? "" : "linked"])
        }
        context.output.line(table.render())
    }
}
