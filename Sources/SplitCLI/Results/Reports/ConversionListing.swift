import SplitCore
import SplitJSON
import SplitReport

/// `conversions`: the trip's currency exchanges, newest first.
struct ConversionListing: CommandResult {
    let trip: Trip
    let exchanges: [CurrencyExchange]
    let directory: MemberDirectory

    var json: JSONValue {
        .object(["trip": JSONRendering.trip(trip),
                 "exchanges": .array(exchanges.map { JSONRendering.exchange($0, directory) })])
    }

    var lines: [String] {
        guard !exchanges.isEmpty else {
            return ["No currency exchanges. Settle every currency in one with: split settle --record --in CUR"]
        }
        return [ExchangeText.table(exchanges, directory, ids: true)]
    }
}
