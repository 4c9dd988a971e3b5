import ArgumentParser
import SplitCore

struct PayCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "pay",
        abstract: "Record a reimbursement one member made to another.",
        discussion: HelpText.reflow("""
        Example:
          split pay Bea Alex 3000 --note "cash at the station"    # Bea paid Alex 3000
        """)
    )

    @Argument(help: "Who paid.", completion: ShellCompletion.member)
    var from: String

    @Argument(help: "Who received it.", completion: ShellCompletion.receiver)
    var to: String

    @Argument(help: "How much, e.g. 3000 or 10.50.")
    var amount: String

    @Option(help: ArgumentHelp("Currency (default: the trip's).", valueName: "code"),
            completion: ShellCompletion.currencies)
    var currency: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("When: \(DateInput.forms) (default: today).", valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp("A free-text note.", valueName: "text"))
    var note: String?

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> PaymentRecorded {
        let (trip, directory) = try await context.tripAndMembers()
        let payer = try directory.resolve(from)
        let payee = try directory.resolve(to)
        try PaymentInput.checkTwoMembers(payer.id, payee.id, directory)
        let money = try AmountInput.money(amount, currency: try currency.map { try Currency(code: $0) } ?? trip.currency)
        let trimmedNote = note?.trimmingSpaces
        let today = context.clock.today()
        let draft = Payment(
            id: PaymentID(context.newID()), from: payer.id, to: payee.id, amount: money,
            date: try DateInput(today: today).recorded(date) ?? today, note: trimmedNote?.isEmpty == false ? trimmedNote : nil)
        let (payment, payerNet) = try await context.backend.recordPayment(draft, trip: trip.id, at: context.now)
        var warning: String?
        if let overshoot = PaymentOvershoot.check(payerNet: payerNet, amount: money.minorUnits) {
            let owed = Money(minorUnits: overshoot.owed, currency: money.currency)
            let owedAfter = Money(minorUnits: overshoot.owedAfter, currency: money.currency)
            warning = "split: warning: \(payer.name) owed \(owed); after this payment \(payer.name) is owed "
                + "\(owedAfter). Check the amount; undo with: split undo"
        }
        return PaymentRecorded(trip: trip, payment: payment, directory: directory, warning: warning)
    }
}
