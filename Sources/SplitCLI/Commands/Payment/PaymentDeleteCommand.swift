import ArgumentParser
import SplitCore

struct PaymentDeleteCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a payment (split undo brings it back).",
        discussion: HelpText.reflow("Example:\n  split payment delete 7c41d0"))

    @Argument(help: "Payment id or unique id prefix (\(ItemReference.minimumPrefix)+ characters).",
              completion: ShellCompletion.payments)
    var id: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> PaymentDeleted {
        let (trip, directory) = try await context.tripAndMembers()
        let payment = try await context.backend.deletePayment(matching: id, trip: trip.id, at: context.now)
        return PaymentDeleted(trip: trip, payment: payment, directory: directory)
    }
}
