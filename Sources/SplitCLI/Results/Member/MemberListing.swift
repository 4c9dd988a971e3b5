import SplitCore
import SplitJSON
import SplitReport

/// `member list`: the trip's live members, and which one you are.
struct MemberListing: CommandResult {
    let trip: Trip
    let members: [Member]
    let me: MemberID?

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip), "me": JSONRendering.string(me?.rawValue),
            "members": .array(members.map(JSONRendering.member)),
        ])
    }

    var lines: [String] {
        guard !members.isEmpty else { return ["No members yet. Add them with: split member add NAME..."] }
        var table = TextTable(["NAME", "ID"])
        for member in members { table.add([member.name + (member.id == me ? " (you)" : ""), member.id.short]) }
        return [table.render()]
    }
}
