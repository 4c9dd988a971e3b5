import ArgumentParser
import SplitCore

struct PaymentEditCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a payment; options you leave out keep their values.",
        discussion: HelpText.reflow("""
        On a trip linked to a server the edited payment gets a new id: servers keep a payment
        as it was sent, so the edit replaces it. split undo puts the old one back.
        Examples:
          split payment edit 7c41d0 --amount 999.99
          split payment edit 7c41d0 --from Diego --to Ana --date 2025-04-02
        """)
    )

    @Argument(help: "Payment id or unique id prefix (\(ItemReference.minimumPrefix)+ characters).",
              completion: ShellCompletion.payments)
    var id: String

    @Option(help: ArgumentHelp("New payer: who handed the money over.", valueName: "name"),
            completion: ShellCompletion.member)
    var from: String?

    @Option(help: ArgumentHelp("New receiver.", valueName: "name"), completion: ShellCompletion.member)
    var to: String?

    @Option(help: ArgumentHelp("New amount, e.g. 3000 or 10.50.", valueName: "amount"))
    var amount: String?

    @Option(help: ArgumentHelp("New currency (the amount is read in it).", valueName: "code"),
            completion: ShellCompletion.currencies)
    var currency: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("New date: \(DateInput.forms).", valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp("New note; an empty one removes it.", valueName: "text"))
    var note: String?

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func validate() throws {
        guard from != nil || to != nil || amount != nil || currency != nil || date != nil || note != nil else {
            throw ValidationError("nothing to change; give at least one of --from, --to, --amount, --currency, --date, --note")
        }
    }

    func run(_ context: CommandContext) async throws -> PaymentShown {
        let (trip, directory) = try await context.tripAndMembers()
        let payer = try from.map { try directory.resolve($0).id }
        let payee = try to.map { try directory.resolve($0).id }
        let newCurrency = try currency.map { try Currency(code: $0) }
        let newDate = try DateInput(today: context.clock.today()).recorded(date)
        let trimmedNote = note?.trimmingSpaces
        let (_, stored) = try await context.backend.editPayment(matching: id, trip: trip.id, at: context.now) { old in
            var payment = old
            payment.from = payer ?? old.from
            payment.to = payee ?? old.to
            let code = newCurrency ?? old.amount.currency
            if let amount {
                payment.amount = try AmountInput.money(amount, currency: code)
            } else if code != old.amount.currency {
                throw CLIError.data("--currency changes how the amount is read; give the amount in \(code.code) with --amount")
            }
            payment.date = newDate ?? old.date
            if let trimmedNote { payment.note = trimmedNote.isEmpty ? nil : trimmedNote }
            try PaymentInput.checkTwoMembers(payment.from, payment.to, directory)
            return payment
        }
        return PaymentShown(trip: trip, payment: stored, directory: directory, edited: true)
    }
}
