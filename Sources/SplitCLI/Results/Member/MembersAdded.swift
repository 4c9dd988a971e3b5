import SplitCore
import SplitJSON

/// `member add`: the members as stored.
struct MembersAdded: CommandResult {
    let trip: Trip
    let members: [Member]

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip), "members": .array(members.map(JSONRendering.member))]) }
    var lines: [String] { ["Added \(members.map(\.name).joined(separator: ", ")) to \(trip.name)."] }
}
