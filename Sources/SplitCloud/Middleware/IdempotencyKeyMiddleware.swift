import Foundation
import HTTPTypes
import OpenAPIRuntime
import SplitCore

/// Gives every POST and PATCH an `Idempotency-Key` unless the caller chose one, so a retry (the
/// same request, sent again by ``RetryMiddleware`` below) carries the same key and split-server
/// replays its first answer instead of storing twice. The Node server ignores the header.
///
/// The auth operations carry none: login and registration have no account to key them under,
/// and logout is never retried.
struct IdempotencyKeyMiddleware: ClientMiddleware {
    static let header = HTTPField.Name("Idempotency-Key")!
    static let unkeyedOperations: Set<String> = ["register", "login", "logout"]

    /// Where fresh keys come from.
    let ids: IDGenerator

    /// A fresh key: `split-` and a new id.
    static func key(from ids: IDGenerator) -> String { "split-" + ids() }

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if request.method == .post || request.method == .patch, request.headerFields[Self.header] == nil,
           !Self.unkeyedOperations.contains(operationID) {
            request.headerFields[Self.header] = Self.key(from: ids)
        }
        return try await next(request, body, baseURL)
    }
}
