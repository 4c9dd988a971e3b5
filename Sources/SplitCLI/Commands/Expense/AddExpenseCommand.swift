import ArgumentParser
import SplitCore

struct AddExpenseCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-expense",
        abstract: "Record an expense and how it is split.",
        discussion: HelpText.reflow("""
        Without a split flag the amount is split equally among all members. Remainders go one
        minor unit at a time to the largest fractional shares; ties go to members in name order.

        Examples:
          split add-expense "Dinner" 12000 --paid-by Alex
          split add-expense "Taxi" 3000 --paid-by Bea --among Bea,Chen
          split add-expense "Hotel" 40000 --paid-by Chen \\
                --exact Alex=10000,Bea=10000,Chen=20000
          split add-expense "Museum" 5000 --paid-by Dana --shares Alex=2,Bea=1,Dana=1
          split add-expense "Hotel" 50000 --paid-by Alex=30000,Bea=20000
          split add-expense "Cab" 3000 --paid-by Alex,Bea    # half each
          split add-expense "Lunch" 10.50 --currency USD --paid-by Alex \\
                --percent Alex=50,Bea=25,Chen=25 --category Meal --note "ramen"
          split add-expense --batch expenses.jsonl   # JSON lines; all or nothing

        A batch line: {"description":"Taxi","amount":3000,"paidBy":"Bea","among":["Bea","Chen"]}
        (fields: description amount currency paidBy among exact percent shares items tax tip discount
        category date note; items: [{"name":"Steak","price":32,"among":["Ana"]}], tax "8.875%")

        Without --paid-by, you paid: set who you are with split member me NAME. Without
        --category, the default.category preference (split config set default.category Meal),
        else Other.
        Several payers: --paid-by A=30,B=20 gives each one's part (they add up to the amount);
        --paid-by A,B means equal parts. In a batch line: "paidBy":{"Alex":30000,"Bea":20000}.
        """)
    )

    @Argument(help: "What it was, e.g. \"Dinner\".")
    var description: String?

    @Argument(help: "The amount in the expense's currency, e.g. 12000 or 10.50.")
    var amount: String?

    @OptionGroup var flags: ExpenseFlags<AddExpenseFlagsHelp>

    @Option(help: ArgumentHelp("Add many expenses from a JSONL file (- for stdin), in one transaction.", valueName: "file"),
            completion: .file(extensions: ["jsonl", "json"]))
    var batch: String?

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func validate() throws {
        if batch != nil {
            guard description == nil, amount == nil, !flags.anyGiven else {
                throw ValidationError("--batch takes every field from the file; give no description, amount or expense flags with it")
            }
        } else {
            guard description != nil, amount != nil || !flags.items.isEmpty else {
                throw ValidationError("give a description and an amount, e.g. split add-expense \"Dinner\" 12000 --paid-by Alex")
            }
        }
    }

    func run(_ context: CommandContext) async throws -> ExpensesAdded {
        let (trip, directory) = try await context.tripAndMembers()
        var builder = ExpenseBuilder(trip: trip, members: directory, today: context.clock.today())
        let me = try await context.me()?.member.id
        builder.me = me
        builder.defaultCategory = context.preferences.defaultCategory
        // Read only when a category is named: a plain add stays one read and one write.
        if flags.category != nil || batch != nil || builder.defaultCategory != nil {
            builder.categories = try await context.backend.categories(trip: trip.id)
        }
        let drafts: [Expense]
        var rules: [ExpenseID: SplitRule] = [:]
        var leaveNotes: [String] = []
        func built(_ draft: ExpenseDraft) throws -> Expense {
            let (expense, rule) = try builder.buildKeepingRule(draft, id: ExpenseID(context.newID()), base: nil, baseRule: nil)
            if batch == nil, let note = LeaveNote.text(expense, directory: directory, named: draft.split != nil) {
                leaveNotes.append(note)
            }
            // Only what the shares cannot show is kept (an equal split is found again from them).
            if let rule, !rule.isEqual { rules[expense.id] = rule }
            return expense
        }
        if let batch {
            builder.payerField = "paidBy"
            let lines = try BatchReader.drafts(from: try BatchReader.read(path: batch))
            drafts = try lines.map { line, draft in
                do {
                    guard draft.description != nil else { throw CLIError.data("field 'description' is required") }
                    guard draft.amount != nil || draft.split?.isItems == true else {
                        throw CLIError.data("field 'amount' is required (it may be left out with 'items')")
                    }
                    guard draft.payers != nil || me != nil else {
                        throw CLIError.data("field 'paidBy' is required, unless you say who you are with: split member me NAME")
                    }
                    return try built(draft)
                } catch let error as UserFacingError {
                    throw CLIError.data("batch line \(line): \(error.message)")
                }
            }
        } else {
            if let description, let amount { try AmountInput.checkOrder(description: description, amount: amount) }
            drafts = [try built(try flags.draft(description: description, amount: amount))]
        }
        // As stored: with the backend's ids and creation time, as `split expenses --json` shows them.
        let expenses: [Expense]
        var notes: [String] = []
        if batch == nil, let draft = drafts.first {
            let added = try await context.backend.addExpense(draft, trip: trip.id, at: context.now)
            expenses = added.stored
            if let earlier = added.repeats { notes.append(RepeatNote.text(earlier: earlier, now: context.now)) }
        } else {
            expenses = try await context.backend.addExpenses(drafts, trip: trip.id, at: context.now)
        }
        if expenses.count > drafts.count { notes.append(NodePartsNote.text(parts: expenses.count - drafts.count + 1)) }
        if let note = ItemsNote.note(for: rules.values, trip: trip.id, context: context) { notes.append(note) }
        notes += leaveNotes
        return ExpensesAdded(trip: trip, me: me, expenses: expenses, directory: directory, rules: rules, notes: notes)
    }
}
