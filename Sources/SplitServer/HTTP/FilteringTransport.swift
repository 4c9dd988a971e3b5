import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime

/// Registers the generated OpenAPI handlers on the router, except the operations that routes of
/// their own serve (``ExpenseListRoute``, hand-tuned; ``SharePageRoute``, HTML). Hummingbird refuses two handlers for one
/// path and method, and the generated code registers every operation of the contract.
struct FilteringTransport: ServerTransport {
    let router: Router<ServerRequestContext>
    /// "METHOD /path/{param}" of each operation served elsewhere.
    let served: Set<String>

    func register(
        _ handler: @Sendable @escaping (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method, path: String
    ) throws {
        guard !served.contains("\(method.rawValue) \(path)") else { return }
        try router.register(handler, method: method, path: path)
    }
}
