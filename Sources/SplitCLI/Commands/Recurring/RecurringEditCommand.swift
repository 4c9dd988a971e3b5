import ArgumentParser
import SplitCore

struct RecurringEditCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a recurring expense; options you leave out keep their values.",
        discussion: HelpText.reflow("""
        The instances not added yet follow the change. Those already added stay as they were,
        unless --from DATE is given: then the ones dated on or after DATE are made again by the
        changed rule (same ids, shares paid stay paid), except any edited by hand since they
        were added, which keep their edit; the command says how many it changed and kept.
        Instances before DATE are never touched. DATE may be no later than the next instance
        still to be added. A new --every or --on keeps one instance per period: an instance
        already added for a month (or week, or year) is not added again under the new day.
        split undo takes the whole change back.
        Examples:
          split recurring edit Rent --amount 1600 --from 2025-03-01
          split recurring edit Rent --on 15
          split recurring edit Gym --every 2weeks --until 2025-12-31
          split recurring edit Netflix --among Beto,Carla,Dana
        """)
    )

    @Argument(help: "The rule's description or id.")
    var rule: String

    @Option(help: ArgumentHelp("New description.", valueName: "text"))
    var description: String?

    @Option(help: ArgumentHelp("New amount of each instance.", valueName: "amount"))
    var amount: String?

    @Option(help: ArgumentHelp("How often: \(RecurrenceFrequency.accepted).", valueName: "period"))
    var every: String?

    @Option(help: ArgumentHelp("The day: 1 to 31 or last; a weekday for weekly rules.", valueName: "day"))
    var on: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The last day it may fall on (none: no end).", valueName: "date"))
    var until: String?

    @Option(help: ArgumentHelp("How many instances in all, counted from its first day.", valueName: "N"))
    var times: Int?

    @Option(name: .customLong("from"), parsing: .unconditional,
            help: ArgumentHelp("Also change the instances already added dated on or after this day, \(DateInput.forms).",
                               valueName: "date"))
    var from: String?

    @OptionGroup var flags: ExpenseFlags<EditRecurringFlagsHelp>

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func validate() throws {
        if flags.date != nil {
            throw ValidationError("a recurring expense takes its dates from --every and --on; leave out --date")
        }
        guard description != nil || amount != nil || every != nil || on != nil || until != nil || times != nil
                || flags.anyGiven else {
            throw ValidationError("nothing to change; give at least one of --description, --amount, --every, --on, --until, "
                                  + "--times, --paid-by, --among, --exact, --percent, --shares, --currency, --category, --note")
        }
    }

    func run(_ context: CommandContext) async throws -> RecurringEdited {
        let (trip, directory) = try await context.tripAndMembers()
        let today = context.clock.today()
        let dates = DateInput(today: today)
        let fromDate = try from.map(dates.read)
        let end: RecurrenceEnd?
        if let until, ["none", "never"].contains(until.trimmingSpaces.lowercased()) {
            guard times == nil else { throw RecurrenceError.untilAndTimes }
            end = .never
        } else {
            end = try RecurrenceEnd(until: try until.map(dates.read), times: times)
        }
        let draft = try flags.draft(description: description, amount: amount)
        // Found, checked and changed in the command's one write.
        let edit = try await context.backend.editRecurringRule(matching: { try RecurringReference.resolve(rule, in: $0) },
                                                               from: fromDate, today: today, trip: trip.id,
                                                               at: context.now) { old, categories in
            var builder = ExpenseBuilder(trip: trip, members: directory, today: today)
            builder.categories = categories
            let schedule = try old.schedule.changed(every: every, on: on, end: end)
            let template = try Self.template(old.template, draft, builder: builder, directory: directory, today: today)
            guard template != old.template || schedule != old.schedule else {
                throw CLIError.data("recurring '\(old.template.description)' is that already; nothing to change")
            }
            return (template, schedule)
        }
        return RecurringEdited(trip: trip, rule: edit.rule, changed: edit.changed, kept: edit.kept, from: fromDate,
                               directory: directory)
    }

    /// The template with the draft's changes, built as `expense edit` changes an expense: the
    /// old template's expense on `today` is the base, so an amount alone divides the split
    /// again as it was given, and every option is checked as there.
    static func template(_ old: RecurringTemplate, _ draft: ExpenseDraft, builder: ExpenseBuilder, directory: MemberDirectory,
                         today: CivilDate) throws -> RecurringTemplate {
        var present = directory.present(on: today).map(\.id)
        if present.isEmpty { present = directory.members.map(\.id) }
        let base = try old.expense(id: ExpenseID("00000000-0000-0000-0000-000000000000"), date: today, present: present)
        let (sample, given) = try builder.buildKeepingRule(draft, id: base.id, base: base, baseRule: old.split ?? base.givenRule)
        let split: SplitRule?
        if draft.split == nil {
            split = old.split.map { _ in given ?? .exact(sample.splits.map { MemberAmount(memberID: $0.memberID, amount: $0.amount) }) }
        } else {
            split = given ?? .exact(sample.splits.map { MemberAmount(memberID: $0.memberID, amount: $0.amount) })
        }
        let payers: PayerRule = draft.payers == nil && draft.amount == nil && draft.currency == nil ? old.payers
            : .exact(sample.payers.map { MemberAmount(memberID: $0.memberID, amount: $0.amount) })
        return RecurringTemplate(description: sample.description, amount: sample.amount, payers: payers, split: split,
                                 category: sample.category, note: sample.note)
    }
}
