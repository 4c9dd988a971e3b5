import ArgumentParser
import SplitCore

struct RecurringAddCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a recurring expense: every add-expense option, plus when it repeats.",
        discussion: HelpText.reflow("""
        --every week|2weeks|month|quarter|year. --on: the day of the month (1 to 31, or last;
        31 falls on the last day of shorter months, 29 February on the 28th in other years),
        or a weekday for weekly rules (default: the day of --from). --from: the first day it
        may fall on (default: today). --until DATE or --times N: when it stops (default: never).
        Without a split option, each instance is split equally among the members of the trip
        on its date.
        Examples:
          split recurring add Rent 1500 --every month --on 1 --paid-by Ana
          split recurring add Netflix 15.99 --every month --paid-by Beto --among Beto,Carla
        """)
    )

    @Argument(help: "What it is, e.g. \"Rent\".")
    var description: String

    @Argument(help: "The amount of each instance, e.g. 1500 or 15.99.")
    var amount: String

    @Option(help: ArgumentHelp("How often: \(RecurrenceFrequency.accepted).", valueName: "period"))
    var every: String

    @Option(help: ArgumentHelp("The day: 1 to 31 or last; a weekday for weekly rules (default: the day of --from).",
                               valueName: "day"))
    var on: String?

    @Option(name: .customLong("from"), parsing: .unconditional,
            help: ArgumentHelp("The first day it may fall on, \(DateInput.forms) (default: today).", valueName: "date"))
    var from: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The last day it may fall on.", valueName: "date"))
    var until: String?

    @Option(help: ArgumentHelp("How many instances in all.", valueName: "N"))
    var times: Int?

    @OptionGroup var flags: ExpenseFlags<AddExpenseFlagsHelp>

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func validate() throws {
        if flags.date != nil {
            throw ValidationError("a recurring expense takes its dates from --every, --on and --from; leave out --date")
        }
    }

    func run(_ context: CommandContext) async throws -> RecurringAdded {
        let (trip, directory) = try await context.tripAndMembers()
        let today = context.clock.today()
        let dates = DateInput(today: today)
        let start = try dates.read(from ?? "today")
        let schedule = try RecurrenceSchedule(every: every, on: on, start: start, until: try until.map(dates.read),
                                              times: times)
        var builder = ExpenseBuilder(trip: trip, members: directory, today: today)
        builder.me = try await context.me()?.member.id
        builder.defaultCategory = context.preferences.defaultCategory
        // A category of the trip's own is one of its list, as for add-expense.
        if flags.category != nil || builder.defaultCategory != nil {
            builder.categories = try await context.backend.categories(trip: trip.id)
        }
        try AmountInput.checkOrder(description: description, amount: amount)
        let draft = try flags.draft(description: description, amount: amount)
        // The first instance, built as add-expense would: the options are checked once, now.
        let (sample, given) = try builder.buildKeepingRule(draft, id: ExpenseID(context.newID()), base: nil, baseRule: nil)
        let split: SplitRule? = draft.split == nil ? nil : (given ?? .exact(sample.splits.map {
            MemberAmount(memberID: $0.memberID, amount: $0.amount)
        }))
        let payers = PayerRule.exact(sample.payers.map { MemberAmount(memberID: $0.memberID, amount: $0.amount) })
        let rule = RecurringRule(id: RecurringRuleID(context.newID()),
                                 template: RecurringTemplate(description: sample.description, amount: sample.amount,
                                                             payers: payers, split: split, category: sample.category,
                                                             note: sample.note),
                                 schedule: schedule)
        try await context.backend.addRecurringRule(rule, trip: trip.id, at: context.now)
        let caughtUp = try await context.backend.catchUpRecurring(trip: trip.id, today: today, at: context.now)
        var notes = caughtUp.problems
        if try await context.scope().link?.syncProtocol == .snapshot {
            notes.append("the rule stays on this device; each instance syncs as an ordinary expense")
        }
        let stored = try await context.backend.recurringRule(rule.id, trip: trip.id) ?? rule
        return RecurringAdded(trip: trip, rule: stored, added: caughtUp.added, directory: directory, notes: notes)
    }
}
