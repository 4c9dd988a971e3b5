import SplitCore
import SplitJSON

/// `trip use`: the trip now current.
struct TripChosen: CommandResult {
    let trip: Trip

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip)]) }
    var lines: [String] { ["Now using trip \(trip.name)."] }
}
