import Foundation
import HTTPTypes
import Hummingbird
import PostgresNIO

/// `Idempotency-Key` on POST, PUT, PATCH and DELETE: the first successful response per user and
/// key is stored and returned again for every repeat, which then changes nothing.
///
/// - The key is claimed with an insert before the request runs, so of two concurrent requests
///   with one key only one runs; the other waits for its response and replays it.
/// - The stored request hash covers method, path and body; reusing a key for a different
///   request is a 422.
/// - Failed requests release their key, so a corrected retry may use it again.
/// - Keys are kept 24 hours, then swept.
/// - `/auth/*` is excluded: its responses hold tokens, which are never stored in clear.
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    static let header = HTTPField.Name("Idempotency-Key")!
    static let replayedHeader = HTTPField.Name("Idempotent-Replayed")!
    static let retention = "24 hours"

    let database: ServerDatabase
    /// The server's clock, for the 24-hour retention.
    let now: @Sendable () -> Date
    /// How long a repeat waits for the first request to finish before answering 409.
    var waitLimit: Duration = .seconds(30)

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard [.post, .put, .patch, .delete].contains(request.method), let key = request.headers[Self.header],
              !request.uri.path.hasPrefix("/auth/"), let user = AuthenticatedUser.current else {
            return try await next(request, context)
        }
        guard !key.isEmpty, key.utf8.count <= 255 else {
            throw APIError.badRequest("Idempotency-Key must be 1 to 255 characters")
        }
        try WireInput.refuseControls(key, field: "Idempotency-Key", allowing: .singleLine)
        // The body is already in memory (BodyLimitMiddleware collected it).
        var fingerprint = ByteBuffer(string: "\(request.method.rawValue) \(request.uri.path)\n")
        fingerprint.writeImmutableBuffer(try await request.body.collect(upTo: .max))
        while true {
            if try await claim(user: user.id, key: key, fingerprint: fingerprint) {
                return try await runFirst(request, context: context, next: next, user: user.id, key: key)
            }
            if let response = try await replay(user: user.id, key: key, fingerprint: fingerprint) {
                return response
            }
            // The first request failed and released the key: this one runs as a new request.
        }
    }

    /// Inserts the key; false when another request already holds it. An expired key is freed first.
    private func claim(user: UUID, key: String, fingerprint: ByteBuffer) async throws -> Bool {
        try await database.query("""
            DELETE FROM idempotency_keys WHERE user_id = \(user) AND key = \(key)
              AND created_at < \(now())::timestamptz - \(Self.retention)::interval
            """)
        let rows = try await database.query("""
            INSERT INTO idempotency_keys (user_id, key, request_hash, created_at)
            VALUES (\(user), \(key), sha256(\(fingerprint)), \(now()))
            ON CONFLICT (user_id, key) DO NOTHING RETURNING true
            """)
        var claimed = false
        for try await _ in rows { claimed = true }
        if claimed, Int.random(in: 0..<200) == 0 {
            try? await database.query("DELETE FROM idempotency_keys WHERE created_at < \(now())::timestamptz - \(Self.retention)::interval")
        }
        return claimed
    }

    private func runFirst(_ request: Request, context: Context, next: (Request, Context) async throws -> Response,
                          user: UUID, key: String) async throws -> Response {
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            try? await release(user: user, key: key)
            throw error
        }
        guard (200..<300).contains(response.status.code) else {
            try? await release(user: user, key: key)
            return response
        }
        let body = try await CollectingWriter.collect(response.body)
        try await database.query("""
            UPDATE idempotency_keys SET status = \(Int32(response.status.code)), response_body = \(body)
            WHERE user_id = \(user) AND key = \(key)
            """)
        var copy = response
        copy.body = .init(byteBuffer: body)
        return copy
    }

    private func release(user: UUID, key: String) async throws {
        try await database.query("DELETE FROM idempotency_keys WHERE user_id = \(user) AND key = \(key)")
    }

    /// Waits for the first request's response; nil when that request failed and released the key.
    private func replay(user: UUID, key: String, fingerprint: ByteBuffer) async throws -> Response? {
        let deadline = ContinuousClock.now + waitLimit
        while true {
            let rows = try await database.query("""
                SELECT request_hash = sha256(\(fingerprint)), status, response_body
                FROM idempotency_keys WHERE user_id = \(user) AND key = \(key)
                """)
            var found: (Bool, Int32?, ByteBuffer?)?
            for try await row in rows.decode((Bool, Int32?, ByteBuffer?).self) { found = row }
            guard let (same, status, body) = found else { return nil }
            guard same else {
                throw APIError.unprocessable("Idempotency-Key was already used for a different request")
            }
            if let status {
                var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
                headers[Self.replayedHeader] = "true"
                return Response(status: .init(code: Int(status)), headers: headers,
                                body: .init(byteBuffer: body ?? ByteBuffer()))
            }
            guard ContinuousClock.now < deadline else {
                throw APIError.conflict("a request with this Idempotency-Key is still being processed; retry later")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
