import SplitCore
import SplitJSON

/// `trip rate CUR RATE`: the rate as set.
struct RateSet: CommandResult {
    let trip: Trip
    let currency: Currency
    let rate: ExchangeRate

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip), "currency": .string(currency.code), "rate": .number(rate.text),
            "home": .string(trip.currency.code),
        ])
    }

    var lines: [String] { ["Rate set: 1 \(currency.code) = \(rate.text) \(trip.currency.code)."] }
}
