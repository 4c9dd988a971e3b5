import SplitCore

/// A batch that failed after some of it was stored: the API has no batch call, so what was sent
/// stays. Keeps the cause's exit code and says how much got through.
public struct PartialWriteError: Error, Sendable, UserFacingError {
    public let stored: Int
    public let total: Int
    public let cause: String
    public let kind: FailureKind

    public init(stored: Int, total: Int, cause: any Error) {
        self.stored = stored
        self.total = total
        let facing = cause as? UserFacingError
        self.cause = facing?.message ?? "\(cause)"
        kind = facing?.kind ?? .unreachable
    }

    public var message: String {
        "\(stored) of \(total) were stored on the server before this failure: \(cause)"
    }
}
