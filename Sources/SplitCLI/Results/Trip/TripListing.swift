import SplitCore
import SplitJSON
import SplitReport
import SplitStore

/// `trip list`: every trip on this device, the current one marked.
struct TripListing: CommandResult {
    let trips: [TripOverview]
    let current: TripID?

    var json: JSONValue {
        .object(["trips": .array(trips.map { overview in
            .object([
                "id": .string(overview.trip.id.rawValue), "name": .string(overview.trip.name),
                "currency": .string(overview.trip.currency.code), "members": .int(overview.memberCount),
                "expenses": .int(overview.expenseCount), "current": .bool(overview.trip.id == current),
                "createdAt": JSONRendering.string(overview.createdAt?.iso8601),
            ])
        })])
    }

    var lines: [String] {
        guard !trips.isEmpty else { return ["No trips yet. Create one with: split trip create NAME --currency CUR"] }
        var table = TextTable(["", "NAME", "CURRENCY", "MEMBERS", "EXPENSES", "ID"], rightAligned: [3, 4])
        for overview in trips {
            table.add([overview.trip.id == current ? "*" : "", overview.trip.name, overview.trip.currency.code,
                       String(overview.memberCount), String(overview.expenseCount), overview.trip.id.short])
        }
        return [table.render()]
    }
}
