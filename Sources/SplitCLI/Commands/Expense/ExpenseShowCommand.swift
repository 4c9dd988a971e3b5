import ArgumentParser
import SplitCore
import SplitJSON
import SplitReport
import SplitStore

struct ExpenseShowCommand: PrintingCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show an expense and its splits.", discussion: HelpText.reflow("Example:\n  split expense show 3f2a1b"))

    @Argument(help: "Expense id, unique id prefix (\(ItemReference.minimumPrefix)+ characters) or whole description.",
              completion: ShellCompletion.expenses)
    var id: String

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let (trip, directory) = try await context.tripAndMembers()
        let expense = try await context.backend.expense(matching: id, trip: trip.id)
        let rule = SplitWords.rule(expense.givenRule, expense, directory)
        if context.output.json {
            var fields = [JSONMember("trip", JSONRendering.trip(trip)), JSONMember("expense", JSONRendering.expense(expense, directory)),
                          JSONMember("splitGiven", SplitWords.json(rule, directory, amount: expense.amount))]
            if let stale = expense.staleSplitGiven {
                fields.append(JSONMember("splitGivenNotMatching", SplitWords.json(stale, directory, amount: expense.amount)))
            }
            context.output.emit(.object(fields))
        } else {
            ExpenseText.print(expense, directory, rule: rule, to: context.output)
        }
    }
}
