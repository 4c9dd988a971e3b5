import SplitCore
import SplitJSON

/// `trip rename`: the trip under its new name.
struct TripRenamed: CommandResult {
    let oldName: String
    let trip: Trip

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip)]) }
    var lines: [String] { ["Renamed trip \(oldName) to \(trip.name)."] }
}
