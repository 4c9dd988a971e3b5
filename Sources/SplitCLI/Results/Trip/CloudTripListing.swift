import SplitCloud
import SplitCore
import SplitJSON
import SplitReport

/// `trip list --cloud`: the account's trips on its server, and which are linked here.
struct CloudTripListing: CommandResult {
    let server: String
    let groups: [CloudGroup]
    /// Local trip by cloud group id, for the linked ones.
    let local: [String: TripID]

    var json: JSONValue {
        .object(["server": .string(server), "trips": .array(groups.map { group in
            .object([
                "id": .string(group.id.rawValue), "name": .string(group.name),
                "inviteCode": .string(orNull: group.inviteCode),
                "localTrip": .string(orNull: local[group.id.rawValue]?.rawValue),
            ])
        })])
    }

    var lines: [String] {
        guard !groups.isEmpty else { return ["No cloud trips on \(server). Create one with: split trip create NAME --cloud"] }
        var table = TextTable(["NAME", "ID", "HERE"])
        for group in groups {
            table.add([group.name, group.id.short, local[group.id.rawValue] == nil ? "" : "linked"])
        }
        return [table.render()]
    }
}
