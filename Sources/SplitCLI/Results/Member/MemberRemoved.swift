import SplitCore
import SplitJSON

/// `member remove`: who left the trip.
struct MemberRemoved: CommandResult {
    let trip: Trip
    let member: Member

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip), "removed": JSONRendering.member(member)]) }
    var lines: [String] { ["Removed \(member.name) from \(trip.name)."] }
}
