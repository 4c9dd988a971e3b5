import ArgumentParser
import SplitCore
import SplitReport

struct SummaryCommand: PrintingCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Totals per currency: by member (paid and share) and by category.",
        discussion: HelpText.reflow("Example:\n  split summary")
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let (trip, directory) = try await context.tripAndMembers()
        let balances = try await context.backend.balances(trip: trip.id)
        let categories = try await context.backend.categoryTotals(trip: trip.id)
        let currencies = Set(balances.map(\.currency)).union(categories.map(\.currency)).sorted()
        let me = try await context.me()?.member.id
        if context.output.json {
            context.output.emit(.object([
                "trip": JSONRendering.trip(trip),
                "me": JSONRendering.string(me?.rawValue),
                "currencies": .array(currencies.map { currency in
                    let inCurrency = categories.filter { $0.currency == currency }
                    let members = balances.first { $0.currency == currency }?.balances ?? []
                    let mine = members.first { $0.memberID == me }
                    return .object([
                        "you": me == nil ? .null : .object([
                            "paid": JSONRendering.amount(mine?.totalPaid ?? 0, currency),
                            "share": JSONRendering.amount(mine?.totalShare ?? 0, currency),
                        ]),
                        "currency": .string(currency.code),
                        "total": JSONRendering.amount(inCurrency.reduce(0) { $0 + $1.total }, currency),
                        "expenses": .int(inCurrency.reduce(0) { $0 + $1.count }),
                        "byMember": .array(members.map { balance in
                            .object([
                                "memberId": .string(balance.memberID.rawValue),
                                "memberName": .string(directory.name(of: balance.memberID)),
                                "paid": JSONRendering.amount(balance.totalPaid, currency),
                                "share": JSONRendering.amount(balance.totalShare, currency),
                            ])
                        }),
                        "byCategory": .array(inCurrency.map { total in
                            .object([
                                "category": .string(total.category.rawValue),
                                "total": JSONRendering.amount(total.total, currency), "expenses": .int(total.count),
                            ])
                        }),
                    ])
                }),
            ]))
            return
        }
        guard !currencies.isEmpty else {
            context.output.line("No expenses yet.")
            return
        }
        for (index, currency) in currencies.enumerated() {
            if index > 0 { context.output.line() }
            let inCurrency = categories.filter { $0.currency == currency }
            let total = inCurrency.reduce(Int64(0)) { $0 + $1.total }
            let count = inCurrency.reduce(0) { $0 + $1.count }
            context.output.line("\(currency.code): \(Amounts.text(total, currency)) in \(count) expense\(count == 1 ? "" : "s")")
            let inBalances = balances.first(where: { $0.currency == currency })?.balances ?? []
            if me != nil {
                let mine = inBalances.first { $0.memberID == me }
                context.output.line("You paid \(MoneyWords.text(mine?.totalPaid ?? 0, currency)); "
                                    + "your share is \(MoneyWords.text(mine?.totalShare ?? 0, currency)).")
            }
            var members = TextTable(["MEMBER", "PAID", "SHARE"], rightAligned: [1, 2])
            for balance in inBalances {
                members.add([directory.name(of: balance.memberID) + (balance.memberID == me ? " (you)" : ""),
                             Amounts.text(balance.totalPaid, currency),
                             Amounts.text(balance.totalShare, currency)])
            }
            context.output.line(members.render())
            var byCategory = TextTable(["CATEGORY", "TOTAL", "COUNT"], rightAligned: [1, 2])
            for category in inCurrency {
                byCategory.add([category.category.rawValue, Amounts.text(category.total, currency), String(category.count)])
            }
            context.output.line(byCategory.render())
        }
    }
}
