import SplitCore
import SplitJSON
import SplitStore

/// `status` of a linked trip: its server and cloud trip, the last sync, what waits, and you.
struct TripSyncStatus: CommandResult {
    let status: LinkStatus
    let name: String
    let me: Me?
    /// The last sync at local time, or "never".
    let synced: String

    var json: JSONValue {
        let link = status.link
        return .object([
            "me": JSONRendering.string(me?.member.id.rawValue),
            "trip": .string(link.trip.rawValue), "name": .string(name), "linked": .bool(true), "server": .string(link.server),
            "group": .string(link.group), "protocol": .string(link.syncProtocol.rawValue), "revision": .int(link.revision),
            "lastSync": JSONRendering.string(link.syncedAt?.iso8601), "pending": .int(status.pending),
            "conflicts": .int(status.conflicts), "held": .int(status.held), "repaired": .int(status.repaired),
        ])
    }

    var lines: [String] {
        let link = status.link
        var lines = ["""
            \(name): linked to \(link.server), cloud trip \(link.group)
              last sync \(synced), revision \(link.revision)
              \(status.pending) change\(status.pending == 1 ? "" : "s") waiting, \(status.conflicts) conflict\(status.conflicts == 1 ? "" : "s")
              \(Self.you(me))
            """]
        if status.held > 0 || status.repaired > 0 {
            lines.append("  \(status.held) held (not in the trip until fixed), \(status.repaired) repaired on reading; "
                         + "see split conflicts")
        }
        return lines
    }

    /// `you are Alex`, with where that comes from when it is not yet your account's.
    static func you(_ me: Me?) -> String {
        guard let me else { return "you are not set; say who you are with: split member me NAME" }
        return me.source == .account ? "you are \(me.member.name)" : "you are \(me.member.name) (\(me.source.words))"
    }
}
