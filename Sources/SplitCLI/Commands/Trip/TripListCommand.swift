import ArgumentParser
import SplitCore

struct TripListCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List trips; the current one is marked with *.",
        discussion: HelpText.reflow("Example:\n  split trip list")
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
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
}
