import ArgumentParser
import SplitCore
import SplitJSON
import SplitReport
import SplitStore

/// `split expense show|edit|delete ID`.
struct ExpenseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expense",
        abstract: "Show, edit or delete one expense by id, id prefix (\(ItemReference.minimumPrefix)+ characters) or description.",
        discussion: HelpText.reflow("""
        Examples:
          split expense show 3f2a1b
          split expense edit 3f2a1b --amount 13000 --note "with tip"
          split expense delete 3f2a1b
          split expense edit cafe --amount 19.00     # the one expense described "Café"
        """),
        subcommands: [ExpenseShowCommand.self, ExpenseEditCommand.self, ExpenseDeleteCommand.self]
    )
}
