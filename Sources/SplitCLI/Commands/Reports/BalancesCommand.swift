import ArgumentParser
import SplitCore
import SplitReport

struct BalancesCommand: PrintingCommand {
    static let configuration = CommandConfiguration(
        commandName: "balances",
        abstract: "Show each member's balance per currency: paid, share, payments, net.",
        discussion: HelpText.reflow("""
        net = paid − share + payments made − payments received. Positive: owed money; negative: owes.
        With you set (split member me NAME), your line is marked (you) and your net said in words.
        Example:
          split balances
        """)
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let (trip, directory) = try await context.tripAndMembers()
        try context.warnAboutHeldItems(trip.id)
        let all = try await context.backend.balances(trip: trip.id)
        let me = try await context.me()?.member.id
        if context.output.json {
            context.output.emit(.object([
                "trip": JSONRendering.trip(trip),
                "me": JSONRendering.string(me?.rawValue),
                "balances": .array(all.map { currencyBalances in
                    .object([
                        "currency": .string(currencyBalances.currency.code),
                        "balances": .array(currencyBalances.balances.map {
                            JSONRendering.balance($0, currencyBalances.currency, directory)
                        }),
                    ])
                }),
            ]))
            return
        }
        guard !all.isEmpty else {
            context.output.line("No expenses or payments yet; everyone is even.")
            return
        }
        for (index, currencyBalances) in all.enumerated() {
            if index > 0 { context.output.line() }
            let currency = currencyBalances.currency
            context.output.line(currency.code)
            var table = TextTable(["MEMBER", "PAID", "SHARE", "PAID BACK", "RECEIVED", "NET"], rightAligned: [1, 2, 3, 4, 5])
            for balance in currencyBalances.balances {
                let name = directory.name(of: balance.memberID) + (balance.memberID == me ? " (you)" : "")
                table.add([name, Amounts.text(balance.totalPaid, currency),
                           Amounts.text(balance.totalShare, currency), Amounts.text(balance.paymentsMade, currency),
                           Amounts.text(balance.paymentsReceived, currency), Amounts.signed(balance.net, currency)])
            }
            context.output.line(table.render())
            if let mine = currencyBalances.balances.first(where: { $0.memberID == me }) {
                context.output.line(YourTransfers.net(mine.net, currency) + ".")
            }
        }
    }
}
