import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Consults a ``CloudFaultHook`` before each send and after each answer, and fails the
/// exchange the way a network would when the hook says so. Innermost of the chain, next to the
/// transport; production clients have no hook and so no such middleware.
///
/// The answer's body is read before the hook is asked, so a fault after the answer strikes
/// once the server has fully acted and answered.
struct FaultMiddleware: ClientMiddleware {
    let hook: any CloudFaultHook

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        let described = CloudRequest(request)
        let attempt = max(1, CloudCall.attempts?.attempt ?? 1)
        if let fault = await hook.fault(for: described, attempt: attempt, phase: .beforeSending) {
            throw Self.failure(for: fault)
        }
        let (response, responseBody) = try await next(request, body, baseURL)
        let bytes: [UInt8]
        do {
            bytes = try await ResponseBytes.collect(responseBody)
        } catch {
            throw SendFailure.noAnswer
        }
        if let fault = await hook.fault(for: described, attempt: attempt,
                                        phase: .afterResponse(status: response.status.code)) {
            throw Self.failure(for: fault)
        }
        return (response, responseBody == nil ? nil : HTTPBody(bytes))
    }

    private static func failure(for fault: CloudFault) -> SendFailure {
        switch fault {
        case .connectionRefused: return .notSent
        case .responseLost: return .noAnswer
        case .halt: return .halted
        }
    }
}
