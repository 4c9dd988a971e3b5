import Foundation
import SplitCore
import SplitJSON

/// The cloud API as typed calls: one method per endpoint, returning domain values.
///
/// Works with both servers: it reads `expenseDate` in every form, amounts exactly, and snake_case
/// group keys; it asks `/health` once which split-server extensions exist (``capabilities()``)
/// and uses them only then. Every POST carries an `Idempotency-Key` (callers such as an upload
/// may choose the key, so a resumed run replays instead of duplicating); it is only retried
/// after a failure when the server honours keys.
///
/// Status handling, the same for every call: 401, and 403 about the token, are
/// ``CloudError/tokenRefused(server:)``; 404 is ``CloudError/notFound(_:)`` with the caller's
/// message; other 4xx are ``CloudError/refused(status:detail:)`` with the server's text.
public actor CloudClient {
    public nonisolated let transport: CloudTransport
    public nonisolated let token: String?
    private var knownCapabilities: ServerCapabilities?

    public init(transport: CloudTransport, token: String?) {
        self.transport = transport
        self.token = token
    }

    public nonisolated var server: ServerAddress { transport.server }

    /// A fresh idempotency key.
    public nonisolated func newKey() -> String { "split-" + UUID().uuidString.lowercased() }

    // MARK: Status

    /// The server's extensions, asked once per client from `/health`.
    public func capabilities() async throws(CloudError) -> ServerCapabilities {
        if let known = knownCapabilities { return known }
        let health = try await call(CloudRequest(.get, "/health", authenticated: false), notFound: "no /health")
        let found = ServerCapabilities(health: health)
        knownCapabilities = found
        return found
    }

    /// Fails with a message naming what the server lacks unless it offers `feature`.
    public func require(_ feature: ServerCapabilities.Feature, for purpose: String) async throws(CloudError) {
        guard try await capabilities().has(feature) else {
            throw .unsupported("this server cannot \(purpose): \(server.url) lacks split-server's \(feature.rawValue) "
                               + "extension (the Node server has none)")
        }
    }

    // MARK: Sending

    /// Sends `request` and returns the raw answer, for callers that handle statuses themselves
    /// (an upload probing `from-local`, for one).
    public func send(_ request: CloudRequest) async throws(CloudError) -> CloudResponse {
        if request.authenticated, token == nil { throw .notLoggedIn(server: server.url) }
        return try await transport.send(request, token: token)
    }

    /// A POST (or PATCH) with an idempotency key, repeatable when the server honours keys.
    func write(_ method: CloudRequest.Method, _ path: String, body: JSONValue?, key: String?) async throws(CloudError)
        -> CloudRequest {
        let honoured = try await capabilities().has(.idempotency)
        return CloudRequest(method, path, body: body, idempotencyKey: key ?? newKey(), repeatable: honoured)
    }

    /// Sends and interprets the status; returns the JSON body of a 2xx (null when empty).
    func call(_ request: CloudRequest, notFound: @autoclosure () -> String) async throws(CloudError) -> JSONValue {
        let response = try await send(request)
        if response.isSuccess {
            if response.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .null }
            do {
                return try JSONParser.parse(response.body)
            } catch {
                throw .badResponse(server: server.url, detail: "\(request) answered \(response.status) with invalid JSON (\(error))")
            }
        }
        switch response.status {
        case 401 where request.authenticated:
            throw .tokenRefused(server: server.url)
        case 403 where request.authenticated && response.errorText.lowercased().contains("token"):
            throw .tokenRefused(server: server.url)
        case 404:
            throw .notFound(notFound())
        default:
            throw .refused(status: response.status, detail: response.errorText)
        }
    }

    /// A server answer of the wrong shape, as the error callers report.
    nonisolated func bad(_ error: WireError) -> CloudError {
        .badResponse(server: server.url, detail: error.detail)
    }
}
