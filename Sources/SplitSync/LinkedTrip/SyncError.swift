import SplitCore

/// Why a sync could not run.
public enum SyncError: Error, Equatable, Sendable, UserFacingError {
    case notLinked(TripID)
    /// The cloud group answers 404: deleted by its owner, or no longer shared with this account.
    case groupGone(TripID)

    public var message: String {
        switch self {
        case .notLinked(let trip):
            return "trip \(trip.short) is not linked to a cloud trip; link it with: split upload, or create one with: "
                + "split trip create NAME --cloud"
        case .groupGone:
            return "the cloud trip this trip is linked to is gone from the server (deleted by its owner, or no longer "
                + "shared with you); everything stays on this device: keep it with split trip unlink NAME --yes, or delete it with "
                + "split trip delete NAME --yes"
        }
    }

    public var kind: FailureKind {
        switch self {
        case .notLinked: return .data
        case .groupGone: return .notFound
        }
    }
}
