import SplitCore
import SplitJSON
import SplitStore

/// `member me`: who you are in the trip and where that comes from; after a change, `said`
/// is the sentence about where the choice now lives (text only: `--json` is the same
/// document either way).
struct YouInTrip: CommandResult {
    let trip: Trip
    let me: Me?
    var said: String?

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip),
            "me": JSONRendering.string(me?.member.id.rawValue),
            "memberName": JSONRendering.string(me?.member.name),
            "source": JSONRendering.string(me?.source.rawValue),
        ])
    }

    var lines: [String] {
        if let said { return [said] }
        guard let me else { return ["You are not set in \(trip.name); say who you are with: split member me NAME"] }
        return ["You are \(me.member.name) in \(trip.name) (\(me.source.words))."]
    }
}
