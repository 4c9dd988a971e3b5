import SplitCore

/// Why a sync could not run.
public enum SyncError: Error, Equatable, Sendable, UserFacingError {
    case notLinked(TripID)
    /// The Node server's snapshot sync is not available in this build yet.
    case unsupportedProtocol

    public var message: String {
        switch self {
        case .notLinked(let trip):
            return "trip \(trip.short) is not linked to a cloud trip; link it with: split upload, or create one with: "
                + "split trip create NAME --cloud"
        case .unsupportedProtocol:
            return "this trip is linked to a server without split-server's sync extension; sync it with split-server"
        }
    }

    public var kind: FailureKind {
        switch self {
        case .notLinked: return .data
        case .unsupportedProtocol: return .unavailable
        }
    }
}
