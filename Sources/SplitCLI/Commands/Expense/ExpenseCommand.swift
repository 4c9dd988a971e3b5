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

struct ExpenseShowCommand: ContextCommand {
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

    func run(_ context: CommandContext) async throws {
        let (trip, directory) = try await context.tripAndMembers()
        // A held expense (another client's, with no sound reading) is fixed from its best
        // reading: the fix joins the trip and goes to the server.
        let builder = ExpenseBuilder(trip: trip, members: directory, today: context.clock.today())
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
            guard let old = try context.syncStore.heldExpense(matching: id, trip: trip.id) else {
                throw StoreError.notFound(message)
            }
            let updated = try builder.build(draft, id: old.id, base: old)
            try context.syncStore.fixHeldExpense(updated, trip: trip.id, at: context.now)
            stored = [updated]
        }
        if stored.count > 1 { context.output.note(NodePartsNote.text(parts: stored.count)) }
        // Only when this edit gave the items: an edit of other fields keeps them quietly.
        if draft.split?.isItems == true { ItemsNote.say(for: kept.map { [$0] } ?? [], trip: trip.id, context: context) }
        let shown = stored[0]
        if context.output.json {
            context.output.emit(.object(["trip": JSONRendering.trip(trip),
                                         "expense": ItemsJSON.adding(kept, to: JSONRendering.expense(shown, directory), shown, directory)]))
        } else {
            context.output.line("Updated expense \(shown.id.short).")
            ExpenseText.print(shown, directory, rule: SplitWords.rule(kept, shown, directory), to: context.output)
        }
    }
}

struct ExpenseDeleteCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete an expense (split undo brings it back).",
        discussion: HelpText.reflow("Example:\n  split expense delete 3f2a1b"))

    @Argument(help: "Expense id, unique id prefix (\(ItemReference.minimumPrefix)+ characters) or whole description.",
              completion: ShellCompletion.expenses)
    var id: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws {
        let (trip, directory) = try await context.tripAndMembers()
        let expense = try await context.backend.deleteExpense(matching: id, trip: trip.id, at: context.now)
        if context.output.json {
            context.output.emit(.object(["trip": JSONRendering.trip(trip), "deleted": JSONRendering.expense(expense, directory)]))
        } else {
            let hint = " Undo with: split undo"
            context.output.line("Deleted \(expense.shownDescription) (\(expense.amount)).\(hint)")
        }
    }
}

/// The text form of one expense, for `show` and `edit`.
enum ExpenseText {
    static func print(_ expense: Expense, _ directory: MemberDirectory, rule: SplitRule?, to output: Output) {
        output.line("\(expense.shownDescription): \(expense.amount), \(expense.category.rawValue), \(expense.date)")
        output.line("Paid by \(Amounts.payers(expense, directory))")
        output.line("Split: \(SplitWords.text(rule, directory, amount: expense.amount))")
        if let stale = expense.staleSplitGiven {
            output.line("Given as: \(SplitWords.text(stale, directory, amount: expense.amount)); it no longer gives these "
                        + "shares (they were changed elsewhere), so the shares count")
        }
        let currency = expense.amount.currency
        // An itemized bill shows what each member had and their part of the tax and tip.
        var bill: ItemizedBill.Breakdown?
        if case .itemized(let given)? = rule {
            bill = try? given.breakdown(amount: expense.amount.minorUnits, exponent: currency.exponent)
        }
        var table = bill == nil ? TextTable(["MEMBER", "SHARE", "PAID BACK"], rightAligned: [1])
            : TextTable(["MEMBER", "ITEMS", "EXTRAS", "SHARE", "PAID BACK"], rightAligned: [1, 2, 3])
        for split in JSONRendering.byName(expense.splits, directory) {
            let settled = split.memberID == expense.soloPayer ? "(payer)" : (split.isPaid ? "yes" : "no")
            var row = [directory.name(of: split.memberID)]
            if let bill {
                let items = bill.itemParts.first { $0.memberID == split.memberID }?.amount ?? 0
                row += [Amounts.text(items, currency), Amounts.signed(bill.extras(of: split.memberID), currency)]
            }
            table.add(row + [Amounts.text(split.amount, currency), settled])
        }
        output.line(table.render())
        if let note = expense.note { output.line("Note: \(note)") }
        output.line("Id: \(expense.id)")
    }
}
