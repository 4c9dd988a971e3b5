import ArgumentParser
import SplitCore
import SplitReport

struct BalancesCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "balances",
        abstract: "Show each member's balance per currency: paid, share, payments, net.",
        discussion: HelpText.reflow("""
        net = paid − share + payments made − payments received. Positive: owed money; negative: owes.
        With you set (split member me NAME), your line is marked (you) and your net said in words.
        Example:
          split balances
        """)
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> BalanceSheet {
        let (trip, directory) = try await context.tripAndMembers()
        let warning = try context.heldItemsWarning(trip.id)
        return BalanceSheet(trip: trip, balances: try await context.backend.balances(trip: trip.id), directory: directory,
                            me: try await context.me()?.member.id, heldWarning: warning)
    }
}
