import SplitCore
import SplitJSON

/// `trip delete`: the trip that went, here and maybe on its server too.
struct TripDeleted: CommandResult {
    let trip: Trip
    let everywhere: Bool

    var json: JSONValue { .object(["deleted": JSONRendering.trip(trip)]) }
    var lines: [String] { ["Deleted trip \(trip.name)\(everywhere ? " here and on the server" : "")."] }
}
