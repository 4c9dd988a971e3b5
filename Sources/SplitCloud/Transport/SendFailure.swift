import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import OpenAPIRuntime

/// A send that got no answer, told apart by whether the server may have seen the request.
enum SendFailure: Error, Equatable {
    /// The connection could not be made: the server saw nothing.
    case notSent
    /// Timed out or dropped after the request may have reached the server.
    case noAnswer
    /// A fault hook stopped the run, as a killed process would.
    case halted

    var reason: String {
        switch self {
        case .notSent: return "connection refused"
        case .noAnswer: return "no answer (timeout or dropped connection)"
        case .halted: return "stopped"
        }
    }

    /// The failure an error thrown below a middleware stands for, or nil when it is not a
    /// failure to get an answer (a ``CloudError`` from an inner middleware, for one).
    ///
    /// The generated client wraps what the transport and inner middlewares throw in a
    /// `ClientError`; its `underlyingError` is the original.
    init?(_ error: any Error) {
        let cause = (error as? ClientError)?.underlyingError ?? error
        if cause is CloudError { return nil }
        if let failure = cause as? SendFailure {
            self = failure
        } else if Self.isNotSent(cause) {
            self = .notSent
        } else {
            self = .noAnswer
        }
    }

    /// Errors raised while connecting, before any byte of the request left.
    private static func isNotSent(_ error: any Error) -> Bool {
        if error is NIOConnectionError { return true }
        if let client = error as? HTTPClientError, client == .connectTimeout { return true }
        if let io = error as? IOError, io.errnoCode == ECONNREFUSED { return true }
        return false
    }
}
