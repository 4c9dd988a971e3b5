import ArgumentParser
import SplitCore
import SplitJSON
import SplitReport
import SplitStore

struct ExpensesCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "expenses",
        abstract: "List expenses, newest first.",
        discussion: HelpText.reflow("""
        Examples:
          split expenses
          split expenses --member Bea --category Meal
          split expenses --month 2025-01              # a month, with its total
          split expenses --since 2025-01-01 --until 2025-01-31
          split expenses --since -7                   # the last week
          split expenses --search cafe                # also "Café", and notes
          split expenses --currency USD --json
        """)
    )

    @Option(help: ArgumentHelp("Only expenses this member paid for or shares in.", valueName: "name"),
            completion: ShellCompletion.member)
    var member: String?

    @Option(help: ArgumentHelp("Only this category.", valueName: "name"), completion: ShellCompletion.categories)
    var category: String?

    @Option(help: ArgumentHelp("Only this currency.", valueName: "code"), completion: ShellCompletion.currencies)
    var currency: String?

    @Option(help: ArgumentHelp("Only expenses whose description or note contains this text (any case, any accents).",
                               valueName: "text"))
    var search: String?

    @OptionGroup var days: DateSpanOptions

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> OneOf<ExpenseListing, DocumentWritten> {
        let (trip, directory) = try await context.tripAndMembers()
        var filter = ExpenseFilter()
        filter.member = try member.map { try directory.resolve($0).id }
        if let category {
            filter.category = try await context.backend.categories(trip: trip.id).resolve(category)
        }
        filter.currency = try currency.map { try Currency(code: $0) }
        if let search, search.trimmingSpaces.isEmpty {
            throw CLIError.data("--search needs text to look for in descriptions and notes")
        }
        filter.search = search.map(TextSearch.init)
        let span = try days.span(today: context.clock.today())
        filter.since = span.since
        filter.until = span.until
        // The listing's fast path: streamed in chunks as rows arrive, never held whole.
        if context.output.json && !context.output.isTerminal {
            try await streamJSON(context, trip: trip, filter: filter, directory: directory)
            return .second(DocumentWritten(note: nil))
        }
        var expenses: [Expense] = []
        var origins: [ExpenseID: RecurringOrigin] = [:]
        var totals = SpendingTotals()
        try await context.backend.forEachExpenseMarked(trip: trip.id, filter: filter) { expense, origin in
            expenses.append(expense)
            if let origin { origins[expense.id] = origin }
            try totals.add(expense.amount)
        }
        var listing = ExpenseListing(trip: trip, expenses: expenses, directory: directory, filtered: filter != .all, totals: totals)
        listing.origins = origins
        return .first(listing)
    }

    /// Compact `{"trip":{...},"expenses":[...]}` written in chunks as rows arrive: constant memory for any
    /// number of expenses.
    private func streamJSON(_ context: CommandContext, trip: Trip, filter: ExpenseFilter, directory: MemberDirectory)
        async throws {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        buffer.append(contentsOf: #"{"trip":"#.utf8)
        JSONWriter.write(JSONRendering.trip(trip), to: &buffer)
        buffer.append(contentsOf: #","expenses":["#.utf8)
        var first = true
        let writer = ExpenseJSONWriter(directory)
        var totals = SpendingTotals()
        try await context.backend.forEachExpenseMarked(trip: trip.id, filter: filter) { expense, origin in
            if !first { buffer.append(UInt8(ascii: ",")) }
            first = false
            try totals.add(expense.amount)
            writer.write(expense, origin: origin, to: &buffer)
            if buffer.count >= 1 << 20 {
                context.output.write(bytes: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(contentsOf: #"],"totals":"#.utf8)
        JSONWriter.write(ExpenseListing.json(totals), to: &buffer)
        buffer.append(contentsOf: "}\n".utf8)
        context.output.write(bytes: buffer)
    }
}
