import SplitCore
import SplitJSON
import SplitStore

/// `trip show`: the trip with its members, rates and counts.
struct TripShown: CommandResult {
    let trip: Trip
    let members: [Member]
    let rates: [String: ExchangeRate]
    let overview: TripOverview?

    var json: JSONValue {
        .object([
            "trip": .object([
                "id": .string(trip.id.rawValue), "name": .string(trip.name), "currency": .string(trip.currency.code),
                "createdAt": JSONRendering.string(overview?.createdAt?.iso8601),
                "expenses": .int(overview?.expenseCount ?? 0),
                "members": .array(members.map(JSONRendering.member)),
                "rates": RatesListed.json(rates),
            ]),
        ])
    }

    var lines: [String] {
        var lines = [
            "Trip:     \(trip.name)", "Id:       \(trip.id)", "Currency: \(trip.currency.code)",
            "Members:  \(members.isEmpty ? "none" : members.map(\.name).joined(separator: ", "))",
            "Expenses: \(overview?.expenseCount ?? 0)",
        ]
        if !rates.isEmpty {
            lines.append("Rates:    " + rates.keys.sorted().map { "1 \($0) = \(rates[$0]!.text) \(trip.currency.code)" }
                .joined(separator: "; "))
        }
        return lines
    }
}
