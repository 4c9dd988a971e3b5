import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import SplitCore

/// Sends ``CloudRequest``s over HTTP (AsyncHTTPClient) with retries, and nothing else: it
/// knows no endpoint and reads no body.
///
/// - 429: waits `Retry-After` seconds (telling the user through `notice`) and sends again; the
///   server did not process the request, so this is safe for every method.
/// - Connection refused: retried for every request (nothing reached the server).
/// - Timeouts, dropped connections and 5xx: retried only when the request is
///   ``CloudRequest/repeatable``, with the backoff of ``RetryPolicy``.
/// - Anything else is returned to the caller, which decides what a status means.
///
/// Waiting goes through `clock`, so tests pass a clock that does not really sleep.
public struct CloudTransport: Sendable {
    public let server: ServerAddress
    public let policy: RetryPolicy
    let clock: any Clock<Duration>
    let notice: @Sendable (String) -> Void
    let faults: (any CloudFaultHook)?
    /// How long one exchange may take before it counts as a timeout.
    let timeout: Duration
    /// Shared by every copy of this transport.
    public let statistics = TransportStatistics()

    public init(server: ServerAddress, policy: RetryPolicy = .standard, clock: any Clock<Duration> = ContinuousClock(),
                timeout: Duration = .seconds(60), notice: @escaping @Sendable (String) -> Void = { _ in },
                faults: (any CloudFaultHook)? = nil) {
        self.server = server
        self.policy = policy
        self.clock = clock
        self.timeout = timeout
        self.notice = notice
        self.faults = faults
    }

    /// Sends `request` (with `token` as bearer when it is authenticated) until it gets an answer
    /// other than 429 and 5xx, or the retries run out.
    public func send(_ request: CloudRequest, token: String?) async throws(CloudError) -> CloudResponse {
        var attempt = 0
        var rateLimitWaits = 0
        while true {
            attempt += 1
            let outcome = await exchange(request, token: token, attempt: attempt)
            switch outcome {
            case .answered(let response) where response.status == 429:
                let wait = response.retryAfterSeconds.map { Duration.seconds($0) } ?? policy.defaultRateLimitWait
                guard rateLimitWaits < policy.maximumRateLimitWaits, wait <= policy.longestRateLimitWait else {
                    throw .rateLimited(server: server.url, retryAfterSeconds: Int(wait.components.seconds))
                }
                rateLimitWaits += 1
                attempt -= 1  // the server refused to look at it: a 429 costs no attempt

                notice("the server at \(server.url) is limiting requests; waiting \(wait.components.seconds) s as it asks")
                try await pause(wait)
            case .answered(let response) where response.status >= 500:
                guard request.repeatable else {
                    throw .serverFailed(server: server.url, status: response.status, detail: response.errorText)
                }
                guard attempt < policy.maximumAttempts else {
                    throw .unreachable(server: server.url,
                                       detail: "HTTP \(response.status) to \(request) after \(attempt) attempts")
                }
                try await pause(policy.delay(afterAttempt: attempt))
            case .answered(let response):
                return response
            case .failed(let failure):
                if failure == .halted { throw .unreachable(server: server.url, detail: "stopped before \(request)") }
                let safe = request.repeatable || failure == .notSent
                guard safe else { throw .noAnswer(server: server.url, request: request.description) }
                guard attempt < policy.maximumAttempts else {
                    throw .unreachable(server: server.url, detail: "\(failure.reason) after \(attempt) attempts")
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

    /// The result of one send.
    enum Outcome {
        case answered(CloudResponse)
        case failed(Failure)
    }

    /// A send that got no answer.
    enum Failure: Equatable {
        /// The connection could not be made: the server saw nothing.
        case notSent
        /// Timed out or dropped after the request may have reached the server.
        case noAnswer
        /// A fault hook stopped the run.
        case halted

        var reason: String {
            switch self {
            case .notSent: return "connection refused"
            case .noAnswer: return "no answer (timeout or dropped connection)"
            case .halted: return "stopped"
            }
        }
    }

    private func exchange(_ request: CloudRequest, token: String?, attempt: Int) async -> Outcome {
        statistics.recordSend()
        if let fault = await faults?.fault(for: request, attempt: attempt, phase: .beforeSending) {
            return .failed(Self.failure(for: fault))
        }
        var http = HTTPClientRequest(url: server.url(for: request.path))
        http.method = HTTPMethod(rawValue: request.method.rawValue)
        http.headers.add(name: "Accept", value: "application/json")
        http.headers.add(name: "User-Agent", value: "split-cli")
        if request.authenticated, let token { http.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let key = request.idempotencyKey { http.headers.add(name: "Idempotency-Key", value: key) }
        if let body = request.body {
            var bytes: [UInt8] = []
            body.write(to: &bytes)
            http.headers.add(name: "Content-Type", value: "application/json")
            http.body = .bytes(ByteBuffer(bytes: bytes))
        }
        let response: CloudResponse
        do {
            let answer = try await CloudHTTP.client.execute(http, timeout: timeout.timeAmount)
            let body = try await answer.body.collect(upTo: 256 << 20)
            response = CloudResponse(
                status: Int(answer.status.code),
                retryAfterSeconds: answer.headers.first(name: "Retry-After").flatMap { Int($0.trimmingSpaces) },
                body: Array(body.readableBytesView))
        } catch {
            return .failed(Self.isNotSent(error) ? .notSent : .noAnswer)
        }
        if let fault = await faults?.fault(for: request, attempt: attempt, phase: .afterResponse(status: response.status)) {
            return .failed(Self.failure(for: fault))
        }
        return .answered(response)
    }

    private static func failure(for fault: CloudFault) -> Failure {
        switch fault {
        case .connectionRefused: return .notSent
        case .responseLost: return .noAnswer
        case .halt: return .halted
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

extension Duration {
    /// The same span as NIO's `TimeAmount`.
    var timeAmount: TimeAmount {
        let (seconds, attoseconds) = components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
