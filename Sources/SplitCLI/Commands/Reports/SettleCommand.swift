import ArgumentParser
import SplitCore
import SplitReport
import SplitJSON

struct SettleCommand: PrintingCommand {
    static let configuration = CommandConfiguration(
        commandName: "settle",
        abstract: "Show the settle-up plan with the fewest transfers, per currency.",
        discussion: HelpText.reflow("""
        Up to 20 members with a non-zero balance the plan is provably minimal; above that a
        documented greedy is used. Either way it moves the least money possible.
        With --in, all currencies are converted with the trip's rates (split trip rate) using
        exact fractions, rounded once; the rates it used are listed below the plan (and as
        rates in --json).
        With you set (split member me NAME), the plan begins with your own transfers in
        words, and --mine prints only those.
        --record records the plan's transfers as payments (only yours with --mine), dated
        today or --date, as one change: split undo takes them all back.
        --all --mine nets your transfers across all trips, per friend and currency (see
        split friends for who is the same friend, and the trips behind each amount).
        Examples:
          split settle
          split settle --in JPY
          split settle --mine
          split settle --record
          split settle --all --mine
        """)
    )

    @Flag(help: "Record the plan's transfers as payments, as one change (split undo reverts it).")
    var record = false

    @Option(parsing: .unconditional, help: ArgumentHelp("With --record: the payments' date, \(DateInput.forms) (default: today).",
                                                       valueName: "date"))
    var date: String?

    @Flag(help: "Only your own transfers (needs: split member me NAME).")
    var mine = false

    @Flag(help: "With --mine: your transfers across all trips, netted per friend and currency.")
    var all = false

    @Option(name: .customLong("in"), help: ArgumentHelp("Convert everything into this currency first.", valueName: "code"),
            completion: ShellCompletion.currencies)
    var target: String?

    @OptionGroup var global: GlobalOptions

    /// Only `--record` writes (and so syncs a linked trip after).
    var changesTrip: Bool { record }

    func validate() throws {
        if all && !mine {
            throw ValidationError("--all goes with --mine: only your own transfers can be netted across trips (other people's "
                                  + "plans are per trip; see them with split settle --trip TRIP)")
        }
        if all && record {
            throw ValidationError("--all cannot --record: a payment belongs to one trip; record each trip with "
                                  + "split settle --record --mine --trip TRIP")
        }
        if all && global.trip != nil { throw ValidationError("--all covers every trip; leave out --trip") }
        if date != nil && !record { throw ValidationError("--date goes with --record (the date of the recorded payments)") }
        if record && target != nil {
            throw ValidationError("--record settles each currency in its own; leave out --in (payments in one currency "
                                  + "would leave the others' balances open)")
        }
    }

    func run(_ context: CommandContext) async throws {
        if all { return try await allMine(context) }
        let (trip, directory) = try await context.tripAndMembers()
        try context.warnAboutHeldItems(trip.id)
        if record {
            try await recordPlan(context, trip: trip, directory: directory)
            return
        }
        // Not `all`: that is the --all flag.
        var perCurrency = try await context.backend.balances(trip: trip.id)
        // The rates the conversion used, as `split trip rate` lists them: 1 USD = 150.25 JPY.
        var conversion: ReportConversion?
        if let target {
            let rates = try await context.backend.rates(trip: trip.id)
            (perCurrency, conversion) = try ConvertedBalances.withRates(perCurrency, trip: trip, rates: rates,
                                                                        to: try Currency(code: target))
        }
        let me = try await you(context)
        let plans = try perCurrency.map { balances in
            let transfers = try SettlementPlanner.plan(balances, names: directory)
            return (balances, mine ? transfers.filter { $0.from == me || $0.to == me } : transfers)
        }
        if context.output.json {
            var document = [
                JSONMember("trip", JSONRendering.trip(trip)),
                JSONMember("me", JSONRendering.string(me?.rawValue)),
                JSONMember("settlements", .array(plans.map { balances, transfers in
                    .object([
                        "currency": .string(balances.currency.code),
                        "balances": .array(balances.balances.map { JSONRendering.balance($0, balances.currency, directory) }),
                        "transfers": .array(transfers.map { JSONRendering.transfer($0, balances.currency, directory) }),
                    ])
                })),
            ]
            if let conversion { document.append(JSONMember("rates", ReportJSON.rates(conversion))) }
            context.output.emit(.object(document))
            return
        }
        defer {
            if let line = conversion?.sentence { context.output.line(line) }
        }
        if let me {
            let words = plans.flatMap { balances, transfers in
                transfers.compactMap { YourTransfers.sentence($0, me: me, balances.currency, directory) }
            }
            context.output.line(words.isEmpty ? "You are settled up." : words.joined(separator: "\n"))
            if mine { return }
            if !plans.isEmpty { context.output.line() }
        }
        guard !plans.isEmpty else {
            context.output.line("Nothing to settle: no expenses yet.")
            return
        }
        for (balances, transfers) in plans {
            let currency = balances.currency
            if transfers.isEmpty {
                context.output.line("\(currency.code): everyone is settled.")
                continue
            }
            context.output.line("\(currency.code): \(transfers.count) transfer\(transfers.count == 1 ? "" : "s")")
            var table = TextTable(["FROM", "", "TO", "AMOUNT"], rightAligned: [3])
            for transfer in transfers {
                table.add([directory.name(of: transfer.from), "pays", directory.name(of: transfer.to),
                           Amounts.text(transfer.amount, currency)])
            }
            context.output.line(table.render())
        }
    }

    /// `--all --mine`: each friend's totals across trips (``CrossTrips``) as the transfers that
    /// settle them.
    private func allMine(_ context: CommandContext) async throws {
        let view = try await CrossTrips.load(context, into: target)
        let owing = view.friends.flatMap { friend in friend.totals.map { (friend, $0) } }
        if context.output.json {
            let codes = Set(owing.map(\.1.currency.code)).sorted()
            context.output.emit(.object([
                "convertedTo": JSONRendering.string(view.target?.code),
                "skippedTrips": .array(view.skipped.map(JSONRendering.trip)),
                "settlements": .array(codes.map { code in
                    .object([
                        "currency": .string(code),
                        "transfers": .array(owing.filter { $0.1.currency.code == code }.map { friend, amount in
                            .object([
                                "friend": .string(friend.name), "matchedBy": .string(friend.identity.match.rawValue),
                                "direction": .string(amount.amount < 0 ? "youPay" : "paysYou"),
                                "amount": JSONRendering.amount(amount.amount == .min ? .max : abs(amount.amount), amount.currency),
                            ])
                        }),
                    ])
                }),
            ]))
        } else {
            if let line = view.convertedLine { context.output.line(line) }
            context.output.line(owing.isEmpty ? "You are settled up." : owing.map { friend, amount in
                YourTransfers.sentence(amount.amount, with: friend.name, amount.currency)
            }.joined(separator: "\n"))
        }
        if let note = view.skippedNote { context.output.note(note) }
    }

    /// You in the trip, or nil; `--mine` needs you.
    private func you(_ context: CommandContext) async throws -> MemberID? {
        let me = try await context.me()?.member.id
        if mine && me == nil {
            throw CLIError("settle --mine needs to know who you are; say it with: split member me NAME", kind: .usage)
        }
        return me
    }

    /// `--record`: the plan of the balances as they are in the write, as payments.
    private func recordPlan(_ context: CommandContext, trip: Trip, directory: MemberDirectory) async throws {
        let me = try await you(context)
        let today = context.clock.today()
        let day = try DateInput(today: today).recorded(date) ?? today
        let payments = try await context.backend.recordSettlement(trip: trip.id, at: context.now) { perCurrency in
            let payments = try perCurrency.flatMap { balances in
                try SettlementPlanner.plan(balances, names: directory)
                    .filter { !mine || $0.from == me || $0.to == me }
                    .map { Payment(id: PaymentID(context.newID()), from: $0.from, to: $0.to,
                                   amount: Money(minorUnits: $0.amount, currency: balances.currency), date: day) }
            }
            guard !payments.isEmpty else {
                throw CLIError.data(mine ? "nothing to record: you are settled up" : "nothing to record: everyone is settled up")
            }
            return payments
        }
        if context.output.json {
            context.output.emit(.object([
                "trip": JSONRendering.trip(trip),
                "recorded": .array(payments.map { JSONRendering.payment($0, directory) }),
            ]))
            return
        }
        context.output.line("Recorded \(payments.count) payment\(payments.count == 1 ? "" : "s"), dated \(day):")
        var table = TextTable(["FROM", "", "TO", "AMOUNT"], rightAligned: [3])
        for payment in payments {
            table.add([directory.name(of: payment.from), "paid", directory.name(of: payment.to), payment.amount.description])
        }
        context.output.line(table.render())
        context.output.line("Undo with: split undo")
    }
}
