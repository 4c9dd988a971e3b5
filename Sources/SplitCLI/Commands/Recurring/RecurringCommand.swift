import ArgumentParser

/// `split recurring ...`: expenses that come back every week, month, quarter or year.
struct RecurringCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recurring",
        abstract: "Expenses that repeat: rent, internet, subscriptions.",
        discussion: HelpText.reflow("""
        A rule adds its expense for every period whose date is on or before today, the next
        time any command opens the trip (or with split recurring run). Each instance is a
        normal expense; its id is made from the rule and the period, so two devices of a
        linked trip that both add the March rent end up with one. A deleted instance is never
        added again. split undo takes back a catch-up as one change.
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
