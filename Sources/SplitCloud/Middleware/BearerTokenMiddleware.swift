import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends the stored token as `Authorization: Bearer` on every operation that needs one, and
/// names the client (`User-Agent: split-cli`) on all of them.
///
/// The contract's `bearerAuth` scheme generates no code, so this is where the token goes. An
/// operation that needs a token when none is stored fails before anything is sent.
struct BearerTokenMiddleware: ClientMiddleware {
    /// Operations the contract marks `security: []`.
    static let publicOperations: Set<String> = ["getHealth", "ping", "register", "login"]

    let token: String?
    let server: ServerAddress

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.userAgent] = "split-cli"
        if !Self.publicOperations.contains(operationID) {
            guard let token else { throw CloudError.notLoggedIn(server: server.url) }
            request.headerFields[.authorization] = "Bearer \(token)"
        }
        return try await next(request, body, baseURL)
    }
}
