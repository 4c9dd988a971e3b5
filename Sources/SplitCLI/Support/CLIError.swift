import SplitCore

/// A problem found by the command layer itself (flags that contradict each other, a bad
/// file, a missing current trip).
public struct CLIError: Error, Sendable, UserFacingError {
    public let message: String
    public let kind: FailureKind

    public init(_ message: String, kind: FailureKind = .usage) {
        self.message = message
        self.kind = kind
    }

    static func data(_ message: String) -> CLIError { CLIError(message, kind: .data) }
}
