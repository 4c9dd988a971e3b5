import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Waits out 429 answers: `Retry-After` seconds (or ``RetryPolicy/defaultRateLimitWait``
/// without one), told to the user through `notice`, then sends again.
///
/// Safe for every method: the server refused to look at the request. The wait costs no attempt
/// of ``RetryMiddleware`` above it. A request waits at most
/// ``RetryPolicy/maximumRateLimitWaits`` times, and never longer than
/// ``RetryPolicy/longestRateLimitWait`` at once (which still covers the Node server's 15-minute
/// auth window); beyond that it fails with ``CloudError/rateLimited(server:retryAfterSeconds:)``.
struct RateLimitMiddleware: ClientMiddleware {
    let policy: RetryPolicy
    let clock: any Clock<Duration>
    let server: ServerAddress
    let notice: @Sendable (String) -> Void

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        let attempts = CloudCall.attempts ?? RequestAttempts()
        while true {
            let (response, responseBody) = try await next(request, body, baseURL)
            guard response.status == .tooManyRequests else { return (response, responseBody) }
            _ = try? await ResponseBytes.collect(responseBody)  // frees the connection for the resend
            let wait = response.headerFields[.retryAfter]
                .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                .map { Duration.seconds($0) } ?? policy.defaultRateLimitWait
            guard attempts.rateLimitWaits < policy.maximumRateLimitWaits, wait <= policy.longestRateLimitWait else {
                throw CloudError.rateLimited(server: server.url, retryAfterSeconds: Int(wait.components.seconds))
            }
            attempts.recordRateLimitWait()
            notice("the server at \(server.url) is limiting requests; waiting \(wait.components.seconds) s as it asks")
            do {
                try await clock.sleep(for: wait)
            } catch {
                throw CloudError.unreachable(server: server.url, detail: "cancelled while waiting to retry")
            }
        }
    }
}
