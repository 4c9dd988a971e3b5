import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime

/// Registers the generated OpenAPI handlers on the router, except the one operation that a
/// hand-tuned route serves (``ExpenseListRoute``). Hummingbird refuses two handlers for one
/// path and method, and the generated code registers every operation of the contract.
struct FilteringTransport: ServerTransport {
    let router: Router<ServerRequestContext>
    /// "METHOD /path/{param}" of the operation served elsewhere.
    let served: String

    func register(
        _ handler: @Sendable @escaping (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method, path: String
    ) throws {
        guard "\(method.rawValue) \(path)" != served else { return }
        try router.register(handler, method: method, path: path)
    }
}
