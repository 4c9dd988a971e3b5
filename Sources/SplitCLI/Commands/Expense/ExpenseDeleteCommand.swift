import ArgumentParser
import SplitCore
import SplitJSON
import SplitReport
import SplitStore

struct ExpenseDeleteCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete an expense (split undo brings it back).",
        discussion: HelpText.reflow("Example:\n  split expense delete 3f2a1b"))

    @Argument(help: "Expense id, unique id prefix (\(ItemReference.minimumPrefix)+ characters) or whole description.",
              completion: ShellCompletion.expenses)
    var id: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> ExpenseDeleted {
        let (trip, directory) = try await context.tripAndMembers()
        let expense = try await context.backend.deleteExpense(matching: id, trip: trip.id, at: context.now)
        return ExpenseDeleted(trip: trip, expense: expense, directory: directory)
    }
}
