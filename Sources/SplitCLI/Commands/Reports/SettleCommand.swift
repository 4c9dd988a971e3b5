import ArgumentParser
import SplitCloud
import SplitCore
import SplitStore
import SplitReport
import SplitJSON

struct SettleCommand: ContextCommand {
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
        --record --in CUR first records a currency exchange per member and other currency,
        carrying each balance into CUR at the trip's rates (rounded as settle --in rounds),
        then the plan in CUR, so every balance in every currency ends at zero; split
        conversions lists the exchanges and split undo takes the whole step back. With --mine
        the exchanges still cover everyone (a currency is converted for the whole group) and
        only your transfers are recorded. On a trip linked to split-server the exchanges sync
        like payments; a server that cannot hold them (the Node server, an older
        split-server) refuses it (exit 69).
        --all --mine nets your transfers across all trips, per friend and currency (see
        split friends for who is the same friend, and the trips behind each amount).
        Examples:
          split settle
          split settle --in JPY
          split settle --mine
          split settle --record
          split settle --record --in PEN
          split settle --all --mine
        """)
    )

    @Flag(help: "Record the plan's transfers as payments, as one change (split undo reverts it); with --in, after the currency exchanges.")
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
    }

    func run(_ context: CommandContext) async throws -> OneOf<SettlePlan, OneOf<SettlementRecorded, FriendsSettlement>> {
        if all { return .second(.second(FriendsSettlement(view: try await CrossTrips.load(context, into: target)))) }
        let (trip, directory) = try await context.tripAndMembers()
        let warning = try await context.heldItemsWarning()
        if record, let target {
            return .second(.first(try await recordInOne(context, trip: trip, directory: directory, warning: warning,
                                                        target: try Currency(code: target))))
        }
        if record {
            return .second(.first(try await recordPlan(context, trip: trip, directory: directory, warning: warning)))
        }
        // Not `all`: that is the --all flag.
        var perCurrency = try await context.backend.balances(trip: trip.id)
        var conversion: ReportConversion?
        if let target {
            let rates = try await context.backend.rates(trip: trip.id)
            (perCurrency, conversion) = try ConvertedBalances.withRates(perCurrency, trip: trip, rates: rates,
                                                                        to: try Currency(code: target))
        }
        let me = try await you(context)
        let plans = try perCurrency.map { balances in
            let transfers = try SettlementPlanner.plan(balances, names: directory)
            return (balances: balances, transfers: mine ? transfers.filter { $0.from == me || $0.to == me } : transfers)
        }
        return .first(SettlePlan(trip: trip, directory: directory, me: me, mine: mine, plans: plans, conversion: conversion,
                                 heldWarning: warning))
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
    private func recordPlan(_ context: CommandContext, trip: Trip, directory: MemberDirectory,
                            warning: String?) async throws -> SettlementRecorded {
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
        return SettlementRecorded(trip: trip, payments: payments, day: day, directory: directory, heldWarning: warning)
    }

    /// A linked trip records exchanges only on a server that holds them (split-server with
    /// `conversions`, asked once through the capability cache): elsewhere, and when the server
    /// cannot be asked, exit 69 with the reason, before anything is written.
    private func refuseWithoutConversions(_ context: CommandContext, link: TripLink) async throws {
        let refusal = "settle each currency in its own with: split settle --record"
        if link.syncProtocol == .snapshot {
            throw CLIError("settle --record --in records currency exchanges, which the Node server it is linked to "
                           + "(\(link.server)) cannot hold; \(refusal)", kind: .unavailable)
        }
        let holds: Bool
        do {
            holds = try await context.sync.access.client(for: link).capabilities().has(.conversions)
        } catch let error as CloudError {
            throw CLIError("settle --record --in on a linked trip needs to know whether its server (\(link.server)) holds "
                           + "currency exchanges, and it could not be asked (\(error.message)); try again online, or "
                           + refusal, kind: .unavailable)
        }
        guard holds else {
            throw CLIError("settle --record --in records currency exchanges, which its server (\(link.server)) cannot hold "
                           + "(it does not list the conversions feature); \(refusal)", kind: .unavailable)
        }
    }

    /// `--record --in`: the currency exchanges that carry every other currency into `target`,
    /// and the plan in it (only your transfers with `--mine`), as one change.
    private func recordInOne(_ context: CommandContext, trip: Trip, directory: MemberDirectory, warning: String?,
                             target: Currency) async throws -> SettlementRecorded {
        if let link = try await context.scope().link { try await refuseWithoutConversions(context, link: link) }
        let me = try await you(context)
        let today = context.clock.today()
        let day = try DateInput(today: today).recorded(date) ?? today
        var conversion: ReportConversion?
        let step = try await context.backend.recordSettlementInOne(trip: trip.id, at: context.now) { perCurrency, rates in
            guard !perCurrency.isEmpty else { throw CLIError.data("nothing to record: everyone is settled up") }
            let planned = try ConvertedBalances.exchanges(perCurrency, trip: trip, rates: rates, to: target)
            conversion = try ConvertedBalances.withRates(perCurrency, trip: trip, rates: rates, to: target).conversion
            let stepID = ExchangeID(context.newID())
            let exchanges = planned.legs.map {
                CurrencyExchange(id: ExchangeID(context.newID()), step: stepID, member: $0.member, from: $0.from, to: $0.to,
                                 date: day)
            }
            let payments = try SettlementPlanner.plan(planned.converted, names: directory)
                .filter { !mine || $0.from == me || $0.to == me }
                .map { Payment(id: PaymentID(context.newID()), from: $0.from, to: $0.to,
                               amount: Money(minorUnits: $0.amount, currency: target), date: day) }
            if mine && payments.isEmpty { throw CLIError.data("nothing to record: you are settled up in \(target.code)") }
            if payments.isEmpty && exchanges.isEmpty { throw CLIError.data("nothing to record: everyone is settled up") }
            return (exchanges, payments)
        }
        return SettlementRecorded(trip: trip, payments: step.payments, day: day, directory: directory, heldWarning: warning,
                                  exchanges: step.exchanges, conversion: conversion)
    }
}
