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
/// - A 503 with `Retry-After` to a repeatable request: the server is up but cannot serve it
///   for now (split-server while PostgreSQL restarts). Waited out as it asks (at most
///   ``RetryPolicy/maximumDelay`` at once), costing no attempt, for at most
///   ``RetryPolicy/longestUnavailableWait`` in all; the first such wait of a transport is told
///   through `notice`, so a command that waits is never silent. A write resent this way keeps
///   its `Idempotency-Key`, so the server stores it once.
///
/// 429s are waited out below it (``RateLimitMiddleware``) within an attempt, so they cost no
/// attempt. Waiting goes through `clock`, so tests pass a clock that does not really sleep.
struct RetryMiddleware: ClientMiddleware {
    let policy: RetryPolicy
    let clock: any Clock<Duration>
    let server: ServerAddress
    let notice: @Sendable (String) -> Void
    /// Shared by every request of a transport: one line however many requests wait.
    let told: NoticeOnce

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        let described = CloudRequest(request)
        let repeatable = CloudCall.repeatable ?? [.get, .put, .delete].contains(request.method)
        let attempts = RequestAttempts()
        return try await CloudCall.$attempts.withValue(attempts) { () async throws -> (HTTPResponse, HTTPBody?) in
            // Sends that count against maximumAttempts: a 503 waited out as it asks does not.
            var attempt = 0
            var unavailableWaited = Duration.zero
            while true {
                _ = attempts.beginAttempt()
                attempt += 1
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
                if let wait = unavailableWait(response), unavailableWaited + wait <= policy.longestUnavailableWait {
                    unavailableWaited += wait
                    attempt -= 1
                    if told.first() {
                        notice("the server at \(server.url) is unavailable for now (\(status)); waiting and retrying as it asks, for up to \(policy.longestUnavailableWait.components.seconds) s")
                    }
                    try await pause(wait)
                    continue
                }
                guard attempt < policy.maximumAttempts else {
                    throw CloudError.serverKeptFailing(server: server.url, status: status, detail: NodeForms.errorText(bytes),
                                                       attempts: attempt)
                }
                try await pause(policy.delay(afterAttempt: attempt))
            }
        }
    }

    /// The wait a 503 asks for in `Retry-After` (whole seconds), at most ``RetryPolicy/maximumDelay``;
    /// nil for any other answer.
    private func unavailableWait(_ response: HTTPResponse) -> Duration? {
        guard response.status == .serviceUnavailable,
              let text = response.headerFields[.retryAfter], let seconds = Int(text.trimmingCharacters(in: .whitespaces)),
              seconds >= 0 else { return nil }
        return min(max(.seconds(seconds), policy.initialDelay), policy.maximumDelay)
    }

    private func pause(_ duration: Duration) async throws(CloudError) {
        do {
            try await clock.sleep(for: duration)
        } catch {
            throw .unreachable(server: server.url, detail: "cancelled while waiting to retry")
        }
    }
}
