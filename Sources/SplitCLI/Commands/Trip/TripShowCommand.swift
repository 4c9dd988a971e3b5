import ArgumentParser
import SplitCore

struct TripShowCommand: PrintingCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the current trip (or --trip): currency, members, rates, counts.",
        discussion: HelpText.reflow("Example:\n  split trip show")
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let (trip, directory) = try await context.tripAndMembers()
        let rates = try await context.backend.rates(trip: trip.id)
        let overview = try await context.backend.trips().first { $0.trip.id == trip.id }
        if context.output.json {
            context.output.emit(.object([
                "trip": .object([
                    "id": .string(trip.id.rawValue), "name": .string(trip.name), "currency": .string(trip.currency.code),
                    "createdAt": JSONRendering.string(overview?.createdAt?.iso8601),
                    "expenses": .int(overview?.expenseCount ?? 0),
                    "members": .array(directory.members.map(JSONRendering.member)),
                    "rates": .array(rates.keys.sorted().map { code in
                        .object(["currency": .string(code), "rate": .number(rates[code]!.text)])
                    }),
                ]),
            ]))
            return
        }
        context.output.line("Trip:     \(trip.name)")
        context.output.line("Id:       \(trip.id)")
        context.output.line("Currency: \(trip.currency.code)")
        context.output.line("Members:  \(directory.members.isEmpty ? "none" : directory.members.map(\.name).joined(separator: ", "))")
        context.output.line("Expenses: \(overview?.expenseCount ?? 0)")
        if !rates.isEmpty {
            context.output.line("Rates:    " + rates.keys.sorted().map { "1 \($0) = \(rates[$0]!.text) \(trip.currency.code)" }
                .joined(separator: "; "))
        }
    }
}
