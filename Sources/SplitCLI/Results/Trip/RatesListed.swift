import SplitCore
import SplitJSON

/// `trip rate` with no arguments: the trip's exchange rates into its currency.
struct RatesListed: CommandResult {
    let trip: Trip
    let rates: [String: ExchangeRate]

    var json: JSONValue {
        .object(["trip": JSONRendering.trip(trip), "home": .string(trip.currency.code), "rates": Self.json(rates)])
    }

    var lines: [String] {
        guard !rates.isEmpty else { return ["No rates set. Set one with: split trip rate CURRENCY RATE"] }
        return rates.keys.sorted().map { "1 \($0) = \(rates[$0]!.text) \(trip.currency.code)" }
    }

    /// The rates in currency order, each `currency` and `rate`: as `trip show` lists them too.
    static func json(_ rates: [String: ExchangeRate]) -> JSONValue {
        .array(rates.keys.sorted().map { code in .object(["currency": .string(code), "rate": .number(rates[code]!.text)]) })
    }
}
