import SplitCore
import SplitJSON
import SplitStore

/// `upload` of a trip already linked: nothing to do, as `git push` says when up to date.
struct AlreadyUploaded: CommandResult {
    let trip: Trip
    let link: TripLink
    let pending: Int

    var json: JSONValue {
        .object(["trip": .string(trip.id.rawValue), "name": .string(trip.name), "linked": .bool(true),
                 "server": .string(link.server), "group": .string(link.group), "pending": .int(pending)])
    }

    var lines: [String] {
        let waiting = pending == 0
            ? "nothing waits to be sent"
            : "\(pending) change\(pending == 1 ? "" : "s") wait\(pending == 1 ? "s" : "") for split sync"
        return ["\(trip.name) is already uploaded and linked to \(link.server); \(waiting)."]
    }
}
