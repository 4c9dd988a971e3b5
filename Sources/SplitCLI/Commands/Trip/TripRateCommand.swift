import ArgumentParser
import SplitCore

struct TripRateCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate",
        abstract: "Set or list exchange rates into the trip's currency, used by settle --in.",
        discussion: HelpText.reflow("""
        A rate says what one unit of CURRENCY is worth in the trip's currency.
        Examples:
          split trip rate USD 150.25     # 1 USD = 150.25 JPY in a JPY trip
          split trip rate                # list the rates
        """)
    )

    @Argument(help: ArgumentHelp("The foreign currency (ISO 4217).", valueName: "currency"),
              completion: ShellCompletion.currencies)
    var currency: String?

    @Argument(help: ArgumentHelp("Its value in the trip's currency, e.g. 150.25.", valueName: "rate"))
    var rate: String?

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> OneOf<RateSet, RatesListed> {
        let trip = try await context.trip()
        guard let currency else { return .second(RatesListed(trip: trip, rates: try await context.backend.rates(trip: trip.id))) }
        guard let rate else { throw CLIError("give the rate too, e.g. split trip rate \(currency.uppercased()) 150.25") }
        let code = try Currency(code: currency)
        guard code != trip.currency else {
            throw CLIError.data("\(code.code) is the trip's own currency; its rate is always 1")
        }
        let parsed = try ExchangeRate(parsing: rate)
        try await context.backend.setRate(trip: trip.id, currency: code, rate: parsed, at: context.now)
        return .first(RateSet(trip: trip, currency: code, rate: parsed))
    }
}
