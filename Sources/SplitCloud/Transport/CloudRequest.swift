import HTTPTypes

/// A request as it goes out, described for fault hooks and messages: method and path
/// (`POST /api/expenses`).
///
/// Built by the middlewares from the generated client's `HTTPRequest`; carries no body (the
/// generated client encodes bodies).
public struct CloudRequest: Sendable, Hashable, CustomStringConvertible {
    public enum Method: String, Sendable {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE", other = "OTHER"
    }

    public let method: Method
    /// The path with any query, e.g. `/api/groups/<id>/expenses`, without the server's prefix.
    public let path: String

    public init(_ method: Method, _ path: String) {
        self.method = method
        self.path = path
    }

    init(_ request: HTTPRequest) {
        self.init(Method(rawValue: request.method.rawValue) ?? .other, request.path ?? "")
    }

    public var description: String { "\(method.rawValue) \(path)" }
}
