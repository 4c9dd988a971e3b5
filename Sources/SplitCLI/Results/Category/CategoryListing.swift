import SplitCore
import SplitJSON
import SplitReport

/// `category list`: the trip's categories in order, each with its number of live expenses.
struct CategoryListing: CommandResult {
    let trip: Trip
    let categories: [Category]
    /// Live expenses by category key.
    let uses: [String: Int]

    var json: JSONValue {
        .object([
            "trip": JSONRendering.trip(trip),
            "categories": .array(categories.map {
                .object(["name": .string($0.rawValue), "expenses": .number(String(uses[$0.key] ?? 0))])
            }),
        ])
    }

    var lines: [String] {
        var table = TextTable(["CATEGORY", "EXPENSES"])
        for category in categories { table.add([category.rawValue, String(uses[category.key] ?? 0)]) }
        return [table.render()]
    }
}

/// `category add|rename|remove`: what changed.
struct CategoryChanged: CommandResult {
    enum Action: String { case added, renamed, removed }

    let trip: Trip
    let action: Action
    let name: String
    let old: String?
    /// The expenses a rename renamed.
    let expenses: Int

    var json: JSONValue {
        var fields = [JSONMember("trip", JSONRendering.trip(trip)), JSONMember("action", .string(action.rawValue)),
                      JSONMember("category", .string(name))]
        if let old { fields.append(JSONMember("from", .string(old))) }
        if action == .renamed { fields.append(JSONMember("expenses", .number(String(expenses)))) }
        return .object(fields)
    }

    var lines: [String] {
        switch action {
        case .added: return ["Added category \(name) to \(trip.name)."]
        case .removed: return ["Removed category \(name) from \(trip.name)."]
        case .renamed:
            return ["Renamed category \(old ?? "") to \(name)" + (expenses == 0 ? "." : " in \(expenses) expense\(expenses == 1 ? "" : "s").")]
        }
    }
}
