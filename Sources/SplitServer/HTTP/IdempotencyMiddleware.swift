import Foundation
import HTTPTypes
import Hummingbird
import PostgresNIO

/// `Idempotency-Key` on POST, PUT, PATCH and DELETE: the first successful response per user and
/// key is stored and returned again for every repeat, which then changes nothing.
///
/// - The request runs in one ``RequestTransaction``: the key is claimed with an insert, the
///   handler writes, and the response is stored, then all of it commits together. A crash or
///   a failed store at any point rolls back the write with the claim, so there is never a
///   write without its stored response, nor a key claimed for ever.
/// - Of concurrent requests with one key, on this process or any other on the same database,
///   only one runs: the others' inserts wait on the unique index until the first commits (and
///   then replay its response) or rolls back (and then one of them runs). The wait is bounded
///   by `lock_timeout`; past it the answer is 409.
/// - The stored request hash covers method, path and body (a JSON body in its canonical form,
///   so key order and whitespace do not count); reusing a key for a different request is a 422.
/// - Failed requests (any status outside 2xx, or an error) roll back, which releases the key,
///   so a corrected retry may use it again.
/// - Keys are kept 24 hours, then swept.
/// - `/auth/*` and read-only link routes (`…/share`) are excluded: their responses hold tokens,
///   which are never stored in clear.
///
/// The transaction holds one pooled connection for the whole request, and the handler's
/// statements run on it (``ServerDatabase`` joins the request transaction), so an idempotent
/// request never needs a second connection and cannot starve itself: at most the pool's size
/// (``DatabaseSettings/poolSize``) of them run at once, and the others wait for a connection
/// as any request does. A repeat waiting for its key holds its connection while it waits (at
/// most ``waitLimit``);
/// many concurrent repeats of one slow request can therefore take the pool for that long.
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    static let header = HTTPField.Name("Idempotency-Key")!
    static let replayedHeader = HTTPField.Name("Idempotent-Replayed")!
    static let retention = "24 hours"

    /// What one attempt found: the key was gone after a conflict, so the caller tries again.
    private enum Attempt: Sendable {
        case answered(Response)
        case keyVanished
    }

    let database: ServerDatabase
    /// The server's clock, for the 24-hour retention.
    let now: @Sendable () -> Date
    /// How long a repeat waits for the first request to finish before answering 409.
    var waitLimit: Duration = .seconds(30)
    /// A fault injected after the handler succeeded and before its response is stored, for
    /// tests of the crash this design guards against; nil in production.
    var faultBeforeStoring: (@Sendable () throws -> Void)?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard [.post, .put, .patch, .delete].contains(request.method), let key = request.headers[Self.header],
              !request.uri.path.hasPrefix("/auth/"), !request.uri.path.hasSuffix("/share"),
              AuthenticatedUser.credential != nil else {
            return try await next(request, context)
        }
        let user = try await AuthenticatedUser.required()
        guard !key.isEmpty, key.utf8.count <= 255 else {
            throw APIError.badRequest("Idempotency-Key must be 1 to 255 characters")
        }
        try WireInput.refuseControls(key, field: "Idempotency-Key", allowing: .singleLine)
        // The body is already in memory (BodyLimitMiddleware collected it). A JSON body counts
        // by its canonical form (ParsedBody.canonical): the same request with its keys in
        // another order or other whitespace is a repeat, not a different request.
        var fingerprint = ByteBuffer(string: "\(request.method.rawValue) \(request.uri.path)\n")
        if let canonical = ParsedBody.canonical {
            fingerprint.writeBytes(canonical)
        } else {
            fingerprint.writeImmutableBuffer(try await request.body.collect(upTo: .max))
        }
        while true {
            let attempt = try await database.requestTransaction { connection -> RequestTransaction.Outcome<Attempt> in
                guard try await claim(user: user.id, key: key, fingerprint: fingerprint, on: connection) else {
                    let stored = try await replay(user: user.id, key: key, fingerprint: fingerprint, on: connection)
                    return .rollback(stored.map(Attempt.answered) ?? .keyVanished)
                }
                let response = try await next(request, context)
                guard (200..<300).contains(response.status.code) else { return .rollback(.answered(response)) }
                return .commit(.answered(try await store(response, user: user.id, key: key, on: connection)))
            }
            if case .answered(let response) = attempt {
                if Int.random(in: 0..<200) == 0 {
                    try? await database.query("DELETE FROM idempotency_keys WHERE created_at < \(now())::timestamptz - \(Self.retention)::interval")
                }
                return response
            }
        }
    }

    /// Inserts the key; false when another request committed it first. An expired key is
    /// freed first. Waits while another transaction holds the same key, at most ``waitLimit``.
    private func claim(user: UUID, key: String, fingerprint: ByteBuffer, on connection: PostgresConnection) async throws -> Bool {
        let logger = database.logger
        let milliseconds = String(Int((waitLimit / .milliseconds(1)).rounded(.up)))
        try await connection.query("SELECT set_config('lock_timeout', \(milliseconds), true)", logger: logger)
        var claimed = false
        do {
            try await connection.query("""
                DELETE FROM idempotency_keys WHERE user_id = \(user) AND key = \(key)
                  AND created_at < \(now())::timestamptz - \(Self.retention)::interval
                """, logger: logger)
            let rows = try await connection.query("""
                INSERT INTO idempotency_keys (user_id, key, request_hash, created_at)
                VALUES (\(user), \(key), sha256(\(fingerprint)), \(now()))
                ON CONFLICT (user_id, key) DO NOTHING RETURNING true
                """, logger: logger)
            for try await _ in rows { claimed = true }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == PostgresError.Code.lockNotAvailable.raw {
            throw APIError.conflict("a request with this Idempotency-Key is still being processed; retry later")
        }
        if claimed {
            // The handler's own lock waits are not bounded by the wait for the key.
            try await connection.query("SET LOCAL lock_timeout TO DEFAULT", logger: logger)
        }
        return claimed
    }

    /// Stores a successful response under the claimed key, in the request's transaction.
    private func store(_ response: Response, user: UUID, key: String, on connection: PostgresConnection) async throws -> Response {
        let body = try await CollectingWriter.collect(response.body)
        try faultBeforeStoring?()
        try await connection.query("""
            UPDATE idempotency_keys SET status = \(Int32(response.status.code)), response_body = \(body)
            WHERE user_id = \(user) AND key = \(key)
            """, logger: database.logger)
        var copy = response
        copy.body = .init(byteBuffer: body)
        return copy
    }

    /// The committed response stored for the key; nil when the key is gone (swept meanwhile).
    private func replay(user: UUID, key: String, fingerprint: ByteBuffer, on connection: PostgresConnection) async throws -> Response? {
        let rows = try await connection.query("""
            SELECT request_hash = sha256(\(fingerprint)), status, response_body
            FROM idempotency_keys WHERE user_id = \(user) AND key = \(key)
            """, logger: database.logger)
        var found: (Bool, Int32?, ByteBuffer?)?
        for try await row in rows.decode((Bool, Int32?, ByteBuffer?).self) { found = row }
        guard let (same, status, body) = found else { return nil }
        guard same else {
            throw APIError.unprocessable("Idempotency-Key was already used for a different request")
        }
        guard let status else {
            // Only a server before the request transaction committed a key without a response.
            throw APIError.conflict("a request with this Idempotency-Key is still being processed; retry later")
        }
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        headers[Self.replayedHeader] = "true"
        return Response(status: .init(code: Int(status)), headers: headers, body: .init(byteBuffer: body ?? ByteBuffer()))
    }
}
