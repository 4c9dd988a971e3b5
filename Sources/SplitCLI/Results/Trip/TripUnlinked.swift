import SplitCore
import SplitJSON

/// `trip unlink`: the trip, now local only.
struct TripUnlinked: CommandResult {
    let trip: Trip

    var json: JSONValue { .object(["unlinked": JSONRendering.trip(trip)]) }
    var lines: [String] { ["Unlinked trip \(trip.name); it stays here as a local-only trip."] }
}
