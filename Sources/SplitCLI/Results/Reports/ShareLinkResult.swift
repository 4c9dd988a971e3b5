import SplitCore
import SplitJSON

/// `share`: the trip's read-only link, or whether `--revoke` revoked one.
struct ShareLinkResult: CommandResult {
    let trip: Trip
    /// `url` or `revoked`.
    let key: String
    let value: JSONValue
    let line: String

    var json: JSONValue {
        .object([JSONMember("trip", .string(trip.id.rawValue)), JSONMember("name", .string(trip.name)), JSONMember(key, value)])
    }

    var lines: [String] { [line] }
}
