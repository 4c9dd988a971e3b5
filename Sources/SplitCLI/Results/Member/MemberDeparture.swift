import SplitCore
import SplitJSON

/// `member leave` and `member return`: the member, and the day they left (nil: back).
struct MemberDeparture: CommandResult {
    let trip: Trip
    let member: Member
    let leftOn: CivilDate?

    var json: JSONValue {
        .object(["trip": JSONRendering.trip(trip), "member": JSONRendering.member(member, leftOn: leftOn)])
    }

    var lines: [String] {
        guard let leftOn else { return ["\(member.name) lives in \(trip.name) again: new expenses among everyone include them."] }
        return ["\(member.name) moved out of \(trip.name) on \(leftOn): expenses from that day among everyone leave them out; "
                + "their balance stays."]
    }
}
