import ArgumentParser
import SplitCore
import SplitReport

/// `split payments`: the trip's recorded payments, newest first, so a mistyped one can be
/// found and fixed (`split payment edit|delete ID`).
struct PaymentsCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "payments",
        abstract: "List recorded payments (reimbursements), newest first.",
        discussion: HelpText.reflow("""
        Fix or remove one with split payment edit ID or split payment delete ID (a unique id
        prefix of \(ItemReference.minimumPrefix)+ characters works). The currency exchanges of
        settle --record --in are listed by split conversions.
        Examples:
          split payments
          split payments --json
        """)
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> PaymentListing {
        let (trip, directory) = try await context.tripAndMembers()
        return PaymentListing(trip: trip, payments: try await context.backend.payments(trip: trip.id), directory: directory,
                              exchanges: try await context.backend.exchanges(trip: trip.id).count)
    }
}
