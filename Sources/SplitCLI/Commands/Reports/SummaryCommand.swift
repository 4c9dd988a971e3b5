import ArgumentParser
import SplitCore
import SplitReport

struct SummaryCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Totals per currency: by member (paid and share) and by category.",
        discussion: HelpText.reflow("""
        --by month lists each month's total and each member's paid and share in it, per currency.
        Examples:
          split summary
          split summary --by month
        """)
    )

    /// How `--by` groups: only months for now; the plain summary is by member and category.
    enum Grouping: String, CaseIterable, ExpressibleByArgument {
        case month
    }

    @Option(help: ArgumentHelp("Group by month: each month's total and each member's paid and share.", valueName: "month"))
    var by: Grouping?

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> OneOf<TripSummary, MonthlySummary> {
        let (trip, directory) = try await context.tripAndMembers()
        if by == .month {
            let expenses = try await context.backend.expenses(trip: trip.id, filter: .all)
            return .second(MonthlySummary(trip: trip, spending: try MonthlySpending(members: directory.sortedByName(directory.members.map(\.id)),
                                                                                      expenses: expenses),
                                          directory: directory, me: try await context.me()?.member.id))
        }
        return .first(TripSummary(trip: trip, balances: try await context.backend.balances(trip: trip.id),
                           categories: try await context.backend.categoryTotals(trip: trip.id), directory: directory,
                           me: try await context.me()?.member.id))
    }
}
