import ArgumentParser

/// `split recurring ...`: expenses that come back every week, month, quarter or year.
struct RecurringCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recurring",
        abstract: "Expenses that repeat: rent, internet, subscriptions.",
        discussion: HelpText.reflow("""
        A rule adds its expense for every period whose date is on or before today, the next
        time any command opens the trip (or with split recurring run). Each instance is a
        normal expense whose id is made from the rule and the period, so it is never added
        twice, and a deleted one is never added again. split undo takes back a catch-up as
        one change. On a linked trip the rule stays on this device; its instances sync as
        ordinary expenses.
        Examples:
          split recurring add Rent 1500 --every month --on 1 --paid-by Ana
          split recurring add Internet 40 --every month --on last --among Ana,Beto
          split recurring add Gym 25 --every 2weeks --from 2025-01-06 --times 10
          split recurring list
          split recurring pause Rent
        """),
        subcommands: [RecurringAddCommand.self, RecurringListCommand.self, RecurringPauseCommand.self,
                      RecurringResumeCommand.self, RecurringDeleteCommand.self, RecurringRunCommand.self]
    )
}
