import SplitCore
import SplitJSON

/// `member rename`: the member under the new name.
struct MemberRenamed: CommandResult {
    let trip: Trip
    let oldName: String
    let member: Member

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip), "member": JSONRendering.member(member)]) }
    var lines: [String] { ["Renamed \(oldName) to \(member.name)."] }
}
