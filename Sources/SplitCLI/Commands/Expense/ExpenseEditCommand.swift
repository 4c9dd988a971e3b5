import ArgumentParser
import SplitCore
import SplitJSON
import SplitReport
import SplitStore

struct ExpenseEditCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change an expense; flags you leave out keep their values.",
        discussion: HelpText.reflow("""
        If the amount changes, the split is divided again as it was given: equally among the
        same members, or by the same percentages or shares. A split given as exact amounts
        must be given again, as must payers who paid unequal parts. A held expense (see split conflicts) is fixed
        this way too: the fix joins the trip and is sent to the server.
        Examples:
          split expense edit 3f2a1b --amount 13000
          split expense edit 3f2a1b --paid-by Bea --among Alex,Bea --category Meal
        """)
    )

    @Argument(help: "Expense id, unique id prefix (\(ItemReference.minimumPrefix)+ characters) or whole description.",
              completion: ShellCompletion.expenses)
    var id: String

    @Option(help: ArgumentHelp("New description.", valueName: "text"))
    var description: String?

    @Option(help: ArgumentHelp("New amount.", valueName: "amount"))
    var amount: String?

    @OptionGroup var flags: ExpenseFlags<EditExpenseFlagsHelp>

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func validate() throws {
        guard description != nil || amount != nil || flags.anyGiven else {
            throw ValidationError("nothing to change; give at least one of --description, --amount, --paid-by, --among, "
                                  + "--exact, --percent, --shares, --currency, --category, --date, --note")
        }
    }

    func run(_ context: CommandContext) async throws -> ExpenseShown {
        let (trip, directory) = try await context.tripAndMembers()
        // A held expense (another client's, with no sound reading) is fixed from its best
        // reading: the fix joins the trip and goes to the server.
        var builder = ExpenseBuilder(trip: trip, members: directory, today: context.clock.today())
        if flags.category != nil { builder.categories = try await context.backend.categories(trip: trip.id) }
        let draft = try flags.draft(description: description, amount: amount)
        let stored: [Expense]
        var kept: SplitRule?
        do {
            // Found, rebuilt and stored in one write.
            stored = try await context.backend.editExpense(matching: id, trip: trip.id, at: context.now) { old in
                let built = try builder.buildKeepingRule(draft, id: old.id, base: old, baseRule: old.givenRule)
                kept = built.rule
                return built.expense
            }.stored
        } catch StoreError.notFound(let message) {
            guard let old = try context.backend.heldExpense(matching: id, trip: trip.id) else {
                throw StoreError.notFound(message)
            }
            let updated = try builder.build(draft, id: old.id, base: old)
            try context.backend.fixHeldExpense(updated, trip: trip.id, at: context.now)
            stored = [updated]
        }
        var notes: [String] = []
        if stored.count > 1 { notes.append(NodePartsNote.text(parts: stored.count)) }
        // Only when this edit gave the items: an edit of other fields keeps them quietly.
        if draft.split?.isItems == true, let note = ItemsNote.note(for: kept.map { [$0] } ?? [], trip: trip.id, context: context) {
            notes.append(note)
        }
        let shown = stored[0]
        if draft.split != nil, let note = LeaveNote.text(shown, directory: directory, named: true) {
            notes.append(note)
        }
        return ExpenseShown(trip: trip, expense: shown, directory: directory, rule: SplitWords.rule(kept, shown, directory),
                            edited: true, kept: kept, notes: notes)
    }
}
