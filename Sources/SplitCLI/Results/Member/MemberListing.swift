import SplitCore
import SplitJSON
import SplitReport

/// `member list`: the trip's live members, and which one you are.
struct MemberListing: CommandResult {
    let trip: Trip
    let members: [Member]
    let me: MemberID?
    /// The day each member who moved out left.
    var departures: [MemberID: CivilDate] = [:]

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip), "me": JSONRendering.string(me?.rawValue),
            "members": .array(members.map { JSONRendering.member($0, leftOn: departures[$0.id]) }),
        ])
    }

    var lines: [String] {
        guard !members.isEmpty else { return ["No members yet. Add them with: split member add NAME..."] }
        guard !departures.isEmpty else {
            var table = TextTable(["NAME", "ID"])
            for member in members { table.add([member.name + (member.id == me ? " (you)" : ""), member.id.short]) }
            return [table.render()]
        }
        var table = TextTable(["NAME", "ID", "LEFT"])
        for member in members {
            table.add([member.name + (member.id == me ? " (you)" : ""), member.id.short,
                       departures[member.id].map { "moved out \($0)" } ?? ""])
        }
        return [table.render()]
    }
}
