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
        --until DATE shows the balances as they stood at the end of that day: the expenses and
        payments dated on or before it.
        Examples:
          split balances
          split balances --until 2026-03-31
        """)
    )

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The balances at the end of this day: \(DateInput.forms).", valueName: "date"))
    var until: String?

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> BalanceSheet {
        let (trip, directory) = try await context.tripAndMembers()
        let warning = try await context.heldItemsWarning()
        let day = try until.map { try DateInput(today: context.clock.today()).read($0) }
        let balances = if let day { try await context.backend.balances(trip: trip.id, until: day) }
            else { try await context.backend.balances(trip: trip.id) }
        return BalanceSheet(trip: trip, balances: balances, directory: directory, me: try await context.me()?.member.id,
                            heldWarning: warning, until: day)
    }
}
