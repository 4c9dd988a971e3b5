import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Retries failed exchanges with the backoff of ``RetryPolicy``, and only when that is safe.
///
/// - Connection refused: retried for every request (nothing reached the server).
/// - Timeouts, dropped connections and 5xx: retried only when the request is repeatable
///   (``CloudCall/repeatable``: GET, PUT and DELETE, or a POST/PATCH the client vouches for);
///   otherwise a 5xx is ``CloudError/serverFailed(server:status:detail:)`` (the Node server's
///   answer to bad input) and a lost answer ``CloudError/noAnswer(server:request:)``.
/// - A fault hook's halt: ``CloudError/unreachable(server:detail:)`` at once, as a killed
///   process would stop.
/// - After ``RetryPolicy/maximumAttempts`` sends: ``CloudError/unreachable(server:detail:)``.
///
/// 429s are waited out below it (``RateLimitMiddleware``) within an attempt, so they cost no
/// attempt. Waiting goes through `clock`, so tests pass a clock that does not really sleep.
struct RetryMiddleware: ClientMiddleware {
    let policy: RetryPolicy
    let clock: any Clock<Duration>
    let server: ServerAddress

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        let described = CloudRequest(request)
        let repeatable = CloudCall.repeatable ?? [.get, .put, .delete].contains(request.method)
        let attempts = RequestAttempts()
        return try await CloudCall.$attempts.withValue(attempts) { () async throws -> (HTTPResponse, HTTPBody?) in
            while true {
                let attempt = attempts.beginAttempt()
                let answer: (HTTPResponse, HTTPBody?)
                do {
                    answer = try await next(request, body, baseURL)
                } catch {
                    guard let failure = SendFailure(error) else { throw error }
                    if failure == .halted { throw CloudError.unreachable(server: server.url, detail: "stopped before \(described)") }
                    guard repeatable || failure == .notSent else {
                        throw CloudError.noAnswer(server: server.url, request: described.description)
                    }
                    guard attempt < policy.maximumAttempts else {
                        throw CloudError.unreachable(server: server.url, detail: "\(failure.reason) after \(attempt) attempts")
                    }
                    try await pause(policy.delay(afterAttempt: attempt))
                    continue
                }
                let (response, responseBody) = answer
                guard response.status.kind == .serverError else { return answer }
                let status = response.status.code
                // Read to the end either way, so the connection is free for the next request.
                let bytes = (try? await ResponseBytes.collect(responseBody)) ?? []
                guard repeatable else {
                    let text = NodeForms.errorText(bytes)
                    throw CloudError.serverFailed(server: server.url, status: status, detail: text)
                }
                guard attempt < policy.maximumAttempts else {
                    throw CloudError.serverKeptFailing(server: server.url, status: status, detail: NodeForms.errorText(bytes),
                                                       attempts: attempt)
                }
                try await pause(policy.delay(afterAttempt: attempt))
            }
        }
    }

    private func pause(_ duration: Duration) async throws(CloudError) {
        do {
            try await clock.sleep(for: duration)
        } catch {
            throw .unreachable(server: server.url, detail: "cancelled while waiting to retry")
        }
    }
}
