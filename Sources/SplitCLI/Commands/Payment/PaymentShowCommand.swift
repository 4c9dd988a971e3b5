import ArgumentParser
import SplitCore

struct PaymentShowCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a payment.", discussion: HelpText.reflow("Example:\n  split payment show 7c41d0"))

    @Argument(help: "Payment id or unique id prefix (\(ItemReference.minimumPrefix)+ characters).",
              completion: ShellCompletion.payments)
    var id: String

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> PaymentShown {
        let (trip, directory) = try await context.tripAndMembers()
        return PaymentShown(trip: trip, payment: try await context.backend.payment(matching: id, trip: trip.id), directory: directory)
    }
}
