/// A test hook that makes a request fail the way a network does, at a chosen request
/// (consulted by ``FaultMiddleware``).
///
/// Uploads must survive a connection that breaks before a request is sent, and an answer lost
/// after the server acted (the case that makes a retried POST create a duplicate on the Node
/// server). Real sockets cannot be made to fail at an exact request, so tests inject these
/// faults here; production code passes no hook.
public protocol CloudFaultHook: Sendable {
    /// Asked before each send and after each answer; nil lets the exchange proceed.
    func fault(for request: CloudRequest, attempt: Int, phase: CloudFaultPhase) async -> CloudFault?
}

/// When a fault hook is consulted.
public enum CloudFaultPhase: Sendable, Equatable {
    case beforeSending
    /// The server answered with this status; a fault here discards the answer.
    case afterResponse(status: Int)
}

/// A failure to inject.
public enum CloudFault: Sendable, Equatable {
    /// As if the connection was refused: nothing reached the server.
    case connectionRefused
    /// As if the connection dropped after the server acted: the answer is lost.
    case responseLost
    /// Stop at once, as a killed process would: no retry.
    case halt
}
