import SplitCore
import SplitJSON

/// One call to the cloud API, before it is sent: method, path, JSON body and whether it may be
/// repeated after a failure.
///
/// Built by ``CloudClient``; the transport adds the token and the `Idempotency-Key` header.
public struct CloudRequest: Sendable, CustomStringConvertible {
    public enum Method: String, Sendable {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
    }

    public let method: Method
    /// The path with any query, e.g. `/api/groups/<id>/expenses`.
    public let path: String
    public let body: JSONValue?
    /// Whether the stored token is sent.
    public let authenticated: Bool
    /// Sent as `Idempotency-Key`; a retry reuses it, so split-server replays the first answer.
    public let idempotencyKey: String?
    /// Whether sending it twice is harmless, so timeouts and 5xx may be retried: GET, PUT and
    /// DELETE always are; a POST or PATCH only when it carries a key the server honours.
    public let repeatable: Bool

    public init(_ method: Method, _ path: String, body: JSONValue? = nil, authenticated: Bool = true,
                idempotencyKey: String? = nil, repeatable: Bool? = nil) {
        self.method = method
        self.path = path
        self.body = body
        self.authenticated = authenticated
        self.idempotencyKey = idempotencyKey
        self.repeatable = repeatable ?? [.get, .put, .delete].contains(method)
    }

    public var description: String { "\(method.rawValue) \(path)" }
}
