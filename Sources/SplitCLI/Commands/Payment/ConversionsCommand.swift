import ArgumentParser
import SplitCore
import SplitReport

/// `split conversions`: the currency exchanges `settle --record --in` recorded, newest first,
/// so the step that moved balances between currencies stays visible.
struct ConversionsCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "conversions",
        abstract: "List the currency exchanges settle --record --in recorded, newest first.",
        discussion: HelpText.reflow("""
        Each line is one member's balance in one currency carried into another at the trip's
        rates: positive when they were owed, negative when they owed. The exchanges of one
        step sum to zero in every currency. split undo takes back a whole step (its exchanges
        and its payments); an exchange is never edited alone.
        Examples:
          split conversions
          split conversions --json
        """)
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> ConversionListing {
        let (trip, directory) = try await context.tripAndMembers()
        return ConversionListing(trip: trip, exchanges: try await context.backend.exchanges(trip: trip.id), directory: directory)
    }
}
