import SplitCore
import SplitJSON
import SplitReport
import SplitStore

/// `friends`: where you stand with each friend across your trips, per trip and in all.
struct FriendsStanding: CommandResult {
    let view: CrossTrips
    /// This device's `me.name`, as `--json` reports it.
    let meName: String?

    var notes: [String] { view.skippedNotes }

    var json: JSONValue {
        .object([
            "meName": JSONRendering.string(meName),
            "convertedTo": JSONRendering.string(view.target?.code),
            "trips": .array(view.trips.map { Self.json($0) }),
            "skippedTrips": view.skippedJSON,
            "friends": .array(view.friends.map { Self.json($0) }),
            "totals": Self.json(view.totals),
        ])
    }

    var lines: [String] {
        var lines: [String] = []
        if let line = view.convertedLine { lines.append(line) }
        if view.friends.isEmpty {
            if view.trips.isEmpty, let target = view.target, !view.unconverted.isEmpty {
                lines.append("No trip could be converted into \(target.code); see the notes.")
            } else {
                lines.append(view.trips.isEmpty ? "No trips yet." : "No friends yet: you are alone in your trips.")
            }
        }
        for friend in view.friends {
            lines.append("\(friend.name): \(YourTransfers.standing(friend.totals, with: friend.name))")
            for shared in friend.trips {
                let also = shared.member.name == friend.name ? "" : " (as \(shared.member.name))"
                lines.append("  \(shared.trip.name)\(also): \(YourTransfers.standing(shared.amounts, with: friend.name))")
            }
        }
        if !view.totals.isEmpty {
            lines.append("")
            lines.append("In all: " + view.totals.map { YourTransfers.net($0.amount, $0.currency) }.joined(separator: "; ") + ".")
        }
        return lines
    }

    private static func json(_ trip: YourTrip) -> JSONValue {
        .object([
            "id": .string(trip.trip.id.rawValue), "name": .string(trip.trip.name),
            "me": JSONRendering.string(trip.me?.member.id.rawValue), "memberName": JSONRendering.string(trip.me?.member.name),
            "source": JSONRendering.string(trip.me?.source.rawValue),
        ])
    }

    private static func json(_ friend: Friend) -> JSONValue {
        .object([
            "name": .string(friend.name),
            "matchedBy": .string(friend.identity.match.rawValue),
            "totals": json(friend.totals),
            "trips": .array(friend.trips.map { shared in
                .object([
                    "trip": JSONRendering.trip(shared.trip),
                    "memberId": .string(shared.member.id.rawValue), "memberName": .string(shared.member.name),
                    "matchedBy": .string(shared.matchedBy.rawValue),
                    "amounts": json(shared.amounts),
                ])
            }),
        ])
    }

    static func json(_ amounts: [FriendAmount]) -> JSONValue {
        .array(amounts.map { .object(["currency": .string($0.currency.code), "amount": JSONRendering.amount($0.amount, $0.currency)]) })
    }
}
