import SplitCore
import SplitJSON
import SplitStore

/// `status` of a local-only trip: not linked, and you.
struct LocalTripStatus: CommandResult {
    let trip: Trip
    let me: Me?

    var json: JSONValue {
        .object(["trip": .string(trip.id.rawValue), "name": .string(trip.name), "linked": .bool(false),
                 "me": JSONRendering.string(me?.member.id.rawValue)])
    }

    var lines: [String] { ["\(trip.name) is local only. Link it with: split upload", "  " + TripSyncStatus.you(me)] }
}
