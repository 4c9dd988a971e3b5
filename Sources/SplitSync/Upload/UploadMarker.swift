import SplitCore

/// The note an upload puts in its group's `description`, so a group whose creation answer was
/// lost (a dropped connection, a killed process) is found again by `GET /api/groups` instead
/// of being created twice. Both servers store and list descriptions as given.
///
/// `Uploaded by split from local trip 2b0c…` — the local trip's id is what makes it unique.
enum UploadMarker {
    static func text(for trip: TripID) -> String {
        "Uploaded by split from local trip \(trip.rawValue)"
    }

    static func matches(_ description: String?, trip: TripID) -> Bool {
        description?.contains("local trip \(trip.rawValue)") ?? false
    }
}
