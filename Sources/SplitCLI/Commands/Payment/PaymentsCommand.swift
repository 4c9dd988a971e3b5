import ArgumentParser
import SplitCore
import SplitReport

/// `split payments`: the trip's recorded payments, newest first, so a mistyped one can be
/// found and fixed (`split payment edit|delete ID`).
struct PaymentsCommand: PrintingCommand {
    static let configuration = CommandConfiguration(
        commandName: "payments",
        abstract: "List recorded payments (reimbursements), newest first.",
        discussion: HelpText.reflow("""
        Fix or remove one with split payment edit ID or split payment delete ID (a unique id
        prefix of \(ItemReference.minimumPrefix)+ characters works).
        Examples:
          split payments
          split payments --json
        """)
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let (trip, directory) = try await context.tripAndMembers()
        let payments = try await context.backend.payments(trip: trip.id)
        if context.output.json {
            context.output.emit(.object([
                "trip": JSONRendering.trip(trip),
                "payments": .array(payments.map { JSONRendering.payment($0, directory) }),
            ]))
            return
        }
        guard !payments.isEmpty else {
            context.output.line("No payments yet. Record one with: split pay FROM TO AMOUNT")
            return
        }
        var table = TextTable(["DATE", "ID", "FROM", "TO", "AMOUNT", "NOTE"], rightAligned: [4])
        for payment in payments {
            table.add([payment.date.description, payment.id.short, directory.name(of: payment.from),
                       directory.name(of: payment.to), payment.amount.description, payment.note ?? ""])
        }
        context.output.line(table.render())
    }
}
