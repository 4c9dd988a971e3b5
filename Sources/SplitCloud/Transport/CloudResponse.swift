import SplitCore
import SplitJSON

/// What the server answered: status, the `Retry-After` seconds if any, and the raw body.
public struct CloudResponse: Sendable {
    public let status: Int
    public let retryAfterSeconds: Int?
    public let body: [UInt8]

    public init(status: Int, retryAfterSeconds: Int? = nil, body: [UInt8]) {
        self.status = status
        self.retryAfterSeconds = retryAfterSeconds
        self.body = body
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body parsed exactly (numbers stay text), or nil when it is not JSON (the Node
    /// server's HTML 404 pages, for one).
    public var json: JSONValue? { try? JSONParser.parse(body) }

    /// The `error` text of a `{"error": "..."}` body, else the start of the body.
    public var errorText: String {
        if let message = json?["error"]?.stringValue { return message }
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        return text.isEmpty ? "no details" : text
    }
}
