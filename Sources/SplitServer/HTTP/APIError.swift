import HTTPTypes
import SplitJSON

/// A refusal the server sends as `{"error": message}` with `status`.
///
/// Every expected failure of a handler is one of these; anything else becomes a 500 in
/// ``JSONErrorMiddleware``, the one place errors turn into HTTP responses.
struct APIError: Error, Equatable, Sendable {
    let status: HTTPResponse.Status
    let message: String
    /// Extra headers such as `Retry-After`.
    var headers: HTTPFields = [:]

    static func badRequest(_ message: String) -> APIError { APIError(status: .badRequest, message: message) }
    static func unauthorized(_ message: String) -> APIError { APIError(status: .unauthorized, message: message) }
    static func forbidden(_ message: String) -> APIError { APIError(status: .forbidden, message: message) }
    static func notFound(_ message: String) -> APIError { APIError(status: .notFound, message: message) }
    static func conflict(_ message: String) -> APIError { APIError(status: .conflict, message: message) }
    static func unprocessable(_ message: String) -> APIError {
        APIError(status: .unprocessableContent, message: message)
    }

    /// 503 while PostgreSQL is away (restarting, refusing connections, or no pooled connection
    /// within the wait limit). A write cut off this way may or may not be stored, so the message
    /// says how to retry it safely.
    static let databaseUnavailable = APIError(
        status: .serviceUnavailable,
        message: "the database is unavailable; retry in a second (retry a write with the same Idempotency-Key: it is then stored once)",
        headers: [.retryAfter: "1"])

    /// 429 with the number of seconds to wait.
    static func tooManyRequests(_ message: String, retryAfter seconds: Int) -> APIError {
        APIError(status: .tooManyRequests, message: message, headers: [.retryAfter: String(max(1, seconds))])
    }
}
