import SplitJSON

/// `status --all`: every linked trip's status.
struct StatusListing: CommandResult {
    let trips: [TripSyncStatus]

    var json: JSONValue { .object(["trips": .array(trips.map(\.json))]) }
    var lines: [String] {
        trips.isEmpty ? ["No linked trip. Create one with: split trip create NAME --cloud"] : trips.flatMap(\.lines)
    }
}
