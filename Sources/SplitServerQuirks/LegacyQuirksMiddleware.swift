import HTTPTypes
import Hummingbird
import SplitCore
import SplitJSON
import SplitServer

/// Applies ``LegacyQuirks`` around the real server: refuses extensions and excess requests the
/// way the Node server does, drops `Idempotency-Key` and an expense's `payers`, and rewrites
/// answers into the Node server's forms (timestamp `expenseDate`s, 500s for bad input, 403 for
/// refused tokens).
struct LegacyQuirksMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// The header split-server's idempotency reads, which the Node server ignores.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!

    let quirks: LegacyQuirks
    let limiter: LegacyRateLimiter

    init(quirks: LegacyQuirks) {
        self.quirks = quirks
        limiter = LegacyRateLimiter(quirks: quirks)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        let area: RequestTally.Area? = path.hasPrefix("/auth/") ? .auth : path.hasPrefix("/api/") ? .api : nil
        if let area {
            quirks.tally.record(area)
            if let wait = limiter.admit(area, ip: context.clientIP) {
                // The recorded bodies (fixtures 72 and 74).
                let body = area == .auth ? #"{"error":"Too many login attempts"}"# : #"{"error":"Too many requests"}"#
                return Self.json(.tooManyRequests, body, extra: [.retryAfter: String(wait)])
            }
        }
        if Self.isExtension(request.method, path) {
            return Self.expressNotFound(request.method, path)
        }
        var head = request.head
        head.headerFields[Self.idempotencyKey] = nil
        var body = request.body
        if request.method == .post, path == "/api/expenses" {
            let plain = try await Self.withoutPayers(request.body)
            body = RequestBody(buffer: plain)
            if head.headerFields[.contentLength] != nil { head.headerFields[.contentLength] = String(plain.readableBytes) }
        }
        let response = try await next(Request(head: head, body: body), context)
        guard area == .api else { return response }
        switch response.status {
        case .badRequest:
            return Self.json(.internalServerError, #"{"error":"Internal server error"}"#)
        case .unauthorized where request.headers[.authorization] != nil:
            return Self.json(.forbidden, #"{"error":"Invalid token"}"#)
        case .ok where request.method == .get && Self.isExpenseList(path):
            return try await rewrite(response, key: "expenses", rewriteDate)
        case .ok where request.method == .get && path == "/api/groups":
            return try await rewrite(response, key: "groups", Self.withoutInviteCode)
        case .created where request.method == .post && path == "/api/groups":
            return try await rewrite(response, key: "group", Self.withoutInviteCode)
        default:
            return response
        }
    }

    /// A group as the Node server sends it: no route sets an invite code, so it is always
    /// null (fixtures 18 to 20).
    static func withoutInviteCode(_ group: JSONValue) -> JSONValue {
        guard case .object(let fields) = group else { return group }
        return .object(fields.map { $0.key == "invite_code" ? JSONMember("invite_code", .null) : $0 })
    }

    /// The Node server ignores keys it does not know, so an expense's `payers` (split-server's
    /// extension) is dropped and `paidByMemberId` paid it all: a client that sends one expense
    /// with several payers to it finds out here as it would there. A body without `payers`
    /// (or that is no JSON object, which the server refuses as it is) goes on unchanged.
    static func withoutPayers(_ body: RequestBody) async throws -> ByteBuffer {
        let bytes = try await body.collect(upTo: .max)
        guard case .object(let fields) = try? JSONParser.parse(Array(buffer: bytes)),
              fields.contains(where: { $0.key == "payers" }) else { return bytes }
        return ByteBuffer(string: JSONValue.object(fields.filter { $0.key != "payers" }).serialized())
    }

    /// Routes the Node server does not have.
    static func isExtension(_ method: HTTPRequest.Method, _ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 3, parts[0] == "api" else { return false }
        switch (method, parts.count, parts[1]) {
        case (.post, 3, "groups"): return parts[2] == "from-local" || parts[2] == "join"
        case (.put, 3, "expenses"): return true
        case (_, 4, "groups"): return ["payments", "balances", "sync"].contains(parts[3])
        case (.patch, 5, "groups"), (.delete, 5, "groups"): return parts[3] == "members"
        default: return false
        }
    }

    static func isExpenseList(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return parts.count == 4 && parts[0] == "api" && parts[1] == "groups" && parts[3] == "expenses"
    }

    /// The answer with `transform` applied to the value under `key`, or to each element when
    /// it is an array.
    private func rewrite(_ response: Response, key: String, _ transform: (JSONValue) -> JSONValue) async throws -> Response {
        let body = try await CollectingWriter.collect(response.body)
        guard case .object(let top) = try JSONParser.parse(Array(buffer: body)) else { return response }
        let rewritten = JSONValue.object(top.map { member in
            guard member.key == key else { return member }
            if case .array(let elements) = member.value { return JSONMember(key, .array(elements.map(transform))) }
            return JSONMember(key, transform(member.value))
        })
        var copy = response
        copy.body = .init(byteBuffer: ByteBuffer(string: rewritten.serialized()))
        copy.headers[.contentLength] = nil
        return copy
    }

    /// An `expenseDate` (split-server sends `YYYY-MM-DDT00:00:00.000Z`) in ``LegacyQuirks/dateStyle``.
    private func rewriteDate(_ expense: JSONValue) -> JSONValue {
        guard case .object(let fields) = expense else { return expense }
        return .object(fields.map { field in
            guard field.key == "expenseDate", let text = field.value.stringValue,
                  let date = CivilDate(parsing: String(text.prefix(10))) else { return field }
            switch quirks.dateStyle {
            case .plainDate:
                return JSONMember("expenseDate", .string(date.description))
            case .midnight(let hours):
                let instant = Timestamp(millisecondsSince1970: date.daysSinceEpoch * 86_400_000 - Int64(hours) * 3_600_000)
                return JSONMember("expenseDate", .string(instant.iso8601))
            }
        })
    }

    static func json(_ status: HTTPResponse.Status, _ body: String, extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// Express's default 404 page.
    static func expressNotFound(_ method: HTTPRequest.Method, _ path: String) -> Response {
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Error</title>
            </head>
            <body>
            <pre>Cannot \(method.rawValue) \(path)</pre>
            </body>
            </html>

            """
        return Response(status: .notFound, headers: [.contentType: "text/html; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(string: page)))
    }
}
