import ArgumentParser
import SplitCore
import SplitJSON
import SplitReport
import SplitStore

struct ExpenseShowCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show an expense and its splits.", discussion: HelpText.reflow("Example:\n  split expense show 3f2a1b"))

    @Argument(help: "Expense id, unique id prefix (\(ItemReference.minimumPrefix)+ characters) or whole description.",
              completion: ShellCompletion.expenses)
    var id: String

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> ExpenseShown {
        let (trip, directory) = try await context.tripAndMembers()
        let expense = try await context.backend.expense(matching: id, trip: trip.id)
        var shown = ExpenseShown(trip: trip, expense: expense, directory: directory,
                                 rule: SplitWords.rule(expense.givenRule, expense, directory))
        if let origin = try await context.backend.recurringOrigin(of: expense.id) {
            shown.recurring = (origin.rule, origin.description + (origin.ruleDeleted ? ", a deleted rule" : ""), origin.period)
        }
        return shown
    }
}
