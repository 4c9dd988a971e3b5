import SplitCore
import SplitJSON

/// `trip create`: the new trip, and the server it was also made on, if any.
struct TripCreated: CommandResult {
    let trip: Trip
    let server: String?

    var json: JSONValue {
        .object([
            "trip": .object([
                "id": .string(trip.id.rawValue), "name": .string(trip.name), "currency": .string(trip.currency.code),
                "linked": .bool(server != nil),
            ]),
        ])
    }

    var lines: [String] {
        let place = server.map { " on \($0) and here" } ?? ""
        return ["Created trip \(trip.name) (\(trip.currency.code))\(place); it is now the current trip."]
    }
}
