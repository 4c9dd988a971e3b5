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
        twice, and a deleted one is never added again; split expenses marks each with ↻ and
        its period. split undo takes back a catch-up as one change. recurring edit changes the
        instances still to come, and with --from DATE those already added from that date on,
        keeping any edited by hand. On a trip linked to split-server the rule syncs, and two
        devices that both add an instance end with one; on the Node server the rule stays on
        this device. Either way its instances sync as ordinary expenses.
        Examples:
          split recurring add Rent 1500 --every month --on 1 --paid-by Ana
          split recurring add Internet 40 --every month --on last --among Ana,Beto
          split recurring add Gym 25 --every 2weeks --from 2025-01-06 --times 10
          split recurring list
          split recurring show Rent
          split recurring edit Rent --amount 1600 --from 2025-03-01
          split recurring pause Rent
        """),
        subcommands: [RecurringAddCommand.self, RecurringListCommand.self, RecurringShowCommand.self, RecurringEditCommand.self,
                      RecurringPauseCommand.self,
                      RecurringResumeCommand.self, RecurringDeleteCommand.self, RecurringRunCommand.self]
    )
}
