import SplitCore
import SplitJSON

/// `trip pull` and `join`: the cloud trip now here, linked and current, and, for a join that
/// named you, who you are in it (or the note that the server did not record it).
struct TripPulled: CommandResult {
    let trip: Trip
    let pulled: Int
    var you: String?
    var notes: [String] = []

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip), "pulled": .int(pulled)]) }

    var lines: [String] {
        ["Pulled trip \(trip.name) (\(trip.currency.code)): \(pulled) item\(pulled == 1 ? "" : "s"); "
         + "it is now the current trip and stays in sync."]
            + (you.map { ["You are \($0) in this trip, for your account on every device."] } ?? [])
    }
}
