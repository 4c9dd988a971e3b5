import ArgumentParser
import SplitCore
import SplitReport

struct MarkPaidCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark-paid",
        abstract: "Mark a member's share of an expense as paid back to its payers (or --unpaid).",
        discussion: HelpText.reflow("""
        Examples:
          split mark-paid 3f2a1b --member Bea
          split mark-paid 3f2a1b --member Bea --unpaid
        """)
    )

    @Argument(help: "Expense id, unique id prefix (\(ItemReference.minimumPrefix)+ characters) or whole description.",
              completion: ShellCompletion.expenses)
    var id: String

    @Option(help: ArgumentHelp("The member whose share it is.", valueName: "name"),
            completion: ShellCompletion.member)
    var member: String

    @Flag(help: "Mark the share unpaid again.")
    var unpaid = false

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> SharePaidMarked {
        let (trip, directory) = try await context.tripAndMembers()
        let paid = !unpaid
        // Found and marked in one write: no other change slips in between. The expense is
        // looked up before the member, so a wrong id is what a command with two mistakes names.
        let (expense, (debtor, split), changed) = try await context.backend.markSharePaid(
            matching: id, trip: trip.id, at: context.now) { expense in
            let debtor = try directory.resolve(member)
            let split = try Self.share(of: debtor, in: expense, directory)
            return ((debtor, split), split.isPaid == paid ? nil : (debtor.id, paid))
        }
        return SharePaidMarked(trip: trip, expense: expense, debtor: debtor, share: split, paid: paid, changed: changed)
    }

    /// `debtor`'s share of `expense`, or why there is none to mark.
    static func share(of debtor: Member, in expense: Expense, _ directory: MemberDirectory) throws -> ExpenseSplit {
        guard let split = expense.splits.first(where: { $0.memberID == debtor.id }) else {
            let sharers = JSONRendering.byName(expense.splits, directory).map { directory.name(of: $0.memberID) }.joined(separator: ", ")
            throw CLIError.data("\(debtor.name) has no share in '\(expense.shownDescription)'; its shares belong to \(sharers)")
        }
        guard debtor.id != expense.soloPayer else {
            throw CLIError.data("\(debtor.name) paid for '\(expense.shownDescription)'; the payer's own share needs no paying back")
        }
        return split
    }
}
