import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Turns every final answer outside 2xx (and 304, the answer to a conditional read) into a
/// ``ServerRefusal``, so the generated client only ever decodes successes.
///
/// The Node server answers many refusals with bodies the contract does not describe (an HTML
/// 404 for an unknown route, a 500 for bad input, a 403 `Invalid token`); reading them all
/// here, as raw bytes, keeps their forms in ``NodeForms`` instead of in every operation's
/// output. Outermost of the chain: retries and rate-limit waits are over when it looks.
struct RefusalMiddleware: ClientMiddleware {
    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.kind != .successful, response.status != .notModified else { return (response, responseBody) }
        let bytes = try await ResponseBytes.collect(responseBody)
        throw ServerRefusal(status: response.status.code, text: NodeForms.errorText(bytes))
    }
}

/// A final answer outside 2xx: its status and the server's message.
struct ServerRefusal: Error, Equatable {
    let status: Int
    let text: String
}
