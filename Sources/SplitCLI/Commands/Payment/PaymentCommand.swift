import ArgumentParser
import SplitCore

/// `split payment show|edit|delete ID`: one recorded payment, by id or unique prefix.
struct PaymentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payment",
        abstract: "Show, edit or delete one payment by id (a unique prefix of \(ItemReference.minimumPrefix)+ characters works).",
        discussion: HelpText.reflow("""
        List payments and their ids with split payments.
        Examples:
          split payment show 7c41d0
          split payment edit 7c41d0 --amount 999.99
          split payment delete 7c41d0
        """),
        subcommands: [PaymentShowCommand.self, PaymentEditCommand.self, PaymentDeleteCommand.self]
    )
}
