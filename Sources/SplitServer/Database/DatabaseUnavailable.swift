import OpenAPIRuntime
import PostgresNIO

/// PostgreSQL is away: the connection broke, was refused or was shut down by an administrator,
/// or the pool found no connection within ``ServerDatabase/waitLimit``.
///
/// A database that restarts for an upgrade or a failover is not a server bug: clients, load
/// balancers and monitors need a 503 with `Retry-After` that they can wait out, never a 500.
/// A write cut off this way may or may not have committed; the client's `Idempotency-Key`
/// makes its retry safe (``IdempotencyMiddleware``).
struct DatabaseUnavailable: Error, CustomStringConvertible {
    let description: String

    /// No pooled connection within the wait limit.
    static func noConnection(after limit: Duration) -> DatabaseUnavailable {
        DatabaseUnavailable(description: "no database connection within \(limit)")
    }

    /// Whether `error` (or the error a generated handler wraps) says the database is away,
    /// rather than that a statement was refused.
    static func isOutage(_ error: any Error) -> Bool {
        switch error {
        case is DatabaseUnavailable:
            return true
        case let wrapped as ServerError:
            return isOutage(wrapped.underlyingError)
        case let failure as PSQLError:
            switch failure.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
                 .messageDecodingFailure, .unexpectedBackendMessage:
                return true
            case .server:
                return isOutage(sqlState: failure.serverInfo?[.sqlState])
            default:
                return false
            }
        case let failure as PostgresError:
            if case .connectionClosed = failure { return true }
            return false
        default:
            // The pool's own errors (shut down, circuit breaker tripped, lease cancelled): its
            // module is not one this target may import, so they are known by their type's name.
            return String(describing: type(of: error)) == "ConnectionPoolError"
        }
    }

    /// Class 08 (connection exception), 57P01-57P03 (admin or crash shutdown, cannot connect
    /// now: a restart in progress) and 53300 (too many connections).
    static func isOutage(sqlState: String?) -> Bool {
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(sqlState)
    }
}
