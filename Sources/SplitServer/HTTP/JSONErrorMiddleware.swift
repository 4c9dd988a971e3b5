import HTTPTypes
import Hummingbird
import Logging
import NIOHTTP1
import OpenAPIRuntime
import PostgresNIO
import SplitJSON

/// The one place where errors become HTTP responses: always `{"error": "..."}` in JSON.
///
/// - ``APIError``: its status and message.
/// - ``DomainError`` (a repository's refusal): the status ``APIError/init(_:)`` gives its kind,
///   and its message.
/// - Failures to read a request (malformed JSON, a missing or mistyped field, the wrong
///   content type, a missing parameter) raised by the generated OpenAPI code before a handler
///   runs: 400, with the decoder's explanation.
/// - Hummingbird's own errors (unknown route, body too large): their status.
/// - PostgreSQL away (``DatabaseUnavailable/isOutage(_:)``): 503 with `Retry-After: 1`.
/// - ``UnreadableStoredValue``: 500, saying which row; the log names table, column and row.
/// - Anything else: 500 with a fixed message; the cause is logged without the request, so no
///   password or token reaches the log.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return Self.response(for: error, logger: context.logger)
        }
    }

    static func response(for error: any Error, logger: Logger) -> Response {
        let failure = apiError(for: error)
        if let unreadable = Self.unreadable(error) {
            logger.error("unreadable stored value", metadata: [
                "table": "\(unreadable.table)", "column": "\(unreadable.column)",
                "row": "\(unreadable.rowID.uuidString.lowercased())", "cause": "\(unreadable)",
            ])
        } else if failure.status.code >= 500 {
            logger.error("request failed", metadata: ["error": "\(String(reflecting: type(of: error)))", "cause": "\(Self.redactedCause(error))"])
        }
        var headers = failure.headers
        headers[.contentType] = "application/json; charset=utf-8"
        let body = "{\"error\":" + JSONText.quoted(failure.message) + "}"
        return Response(status: failure.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// Whether `error`, or the error a generated handler wraps, says the database is away.
    static func isOutage(_ error: any Error) -> Bool {
        DatabaseUnavailable.isOutage(error)
    }

    static func apiError(for error: any Error) -> APIError {
        if isOutage(error) { return .databaseUnavailable }
        switch error {
        case let failure as APIError:
            return failure
        case let refusal as any DomainError:
            return APIError(refusal)
        case let failure as UnreadableStoredValue:
            return Self.unreadableAnswer(failure)
        case let failure as ServerError:
            if let inner = failure.underlyingError as? APIError { return inner }
            if let inner = failure.underlyingError as? any DomainError { return APIError(inner) }
            if let inner = failure.underlyingError as? UnreadableStoredValue { return Self.unreadableAnswer(inner) }
            if let inner = failure.underlyingError as? PSQLError, let answer = Self.raceAnswer(inner) ?? Self.tooLong(inner) {
                return answer
            }
            if failure.operationInput == nil {
                // The request could not be read into the operation's input.
                if let decoding = failure.underlyingError as? DecodingError {
                    return .badRequest(DecodingMessage.describe(decoding))
                }
                if failure.httpStatus == .unsupportedMediaType {
                    return .badRequest("the body must be JSON sent with Content-Type: application/json")
                }
                return .badRequest("malformed request: \(failure.causeDescription)")
            }
            return APIError(status: .internalServerError, message: "internal server error")
        case let failure as HTTPError:
            switch failure.status {
            case .contentTooLarge:
                return APIError(status: .contentTooLarge, message: "request body is too large")
            case .notFound:
                return .notFound("no such route")
            default:
                return APIError(status: failure.status, message: failure.body ?? failure.status.reasonPhrase)
            }
        case let decoding as DecodingError:
            return .badRequest(DecodingMessage.describe(decoding))
        case let failure as HTTPParserError:
            // The body broke off or was malformed (a client that hung up, or one cut off by the
            // request timeouts): the client's fault, whoever is left to read the answer.
            return .badRequest("the request could not be read: \(failure)")
        case let failure as PSQLError:
            return Self.raceAnswer(failure) ?? Self.tooLong(failure)
                ?? APIError(status: .internalServerError, message: "internal server error")
        default:
            return APIError(status: .internalServerError, message: "internal server error")
        }
    }

    /// Failures that only a race between two requests can cause (both checked a client-chosen id
    /// was free, then both inserted it; a member was removed while an expense naming them was
    /// being stored; two transactions waited on each other): the client may
    /// simply retry, so they are a 409 and a 503, not a 500.
    static func raceAnswer(_ error: PSQLError) -> APIError? {
        switch error.serverInfo?[.sqlState] {
        case "23505":
            return .conflict("another request stored an item with the same id at the same time; retry to see it")
        case "23503":
            return .conflict("a member this change names was removed at the same time; retry to see the group as it is now")
        case "40P01", "40001":
            return APIError(status: .serviceUnavailable, message: "the change collided with another one; retry")
        default:
            return nil
        }
    }

    /// A text too long for its column (22001). The rules count characters as a person sees
    /// them (`é` written as e and a combining accent is one), PostgreSQL's VARCHAR(100) counts
    /// code points (that `é` is two), so a name within the rules may still not fit. The client
    /// can shorten it: a 400, not a 500.
    static func tooLong(_ error: PSQLError) -> APIError? {
        guard error.serverInfo?[.sqlState] == "22001" else { return nil }
        return .badRequest("a text is too long for the server to store: names hold at most 100 characters, "
            + "counting each accent or emoji part as one; shorten it")
    }

    /// The stored-data failure inside `error`, thrown by a repository directly or under a handler.
    static func unreadable(_ error: any Error) -> UnreadableStoredValue? {
        if let failure = error as? UnreadableStoredValue { return failure }
        return (error as? ServerError)?.underlyingError as? UnreadableStoredValue
    }

    /// A 500 that tells the client the fault is in stored data, not in its request.
    static func unreadableAnswer(_ failure: UnreadableStoredValue) -> APIError {
        APIError(status: .internalServerError, message: "stored data is unreadable: \(failure.description)")
    }

    /// The error's type and, for errors that cannot carry request data, its text.
    private static func redactedCause(_ error: any Error) -> String {
        if let failure = error as? ServerError {
            return "operation \(failure.operationID): \(String(reflecting: type(of: failure.underlyingError))): \(failure.underlyingError)"
        }
        return "\(error)"
    }
}
