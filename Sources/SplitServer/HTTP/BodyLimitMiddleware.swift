import HTTPTypes
import Hummingbird

/// Reads the whole request body up to a limit, answering 413 above it, so that later
/// middleware (idempotency hashes the body) and handlers see it in one buffer.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > maxBytes {
            throw Self.tooLarge(maxBytes)
        }
        do {
            _ = try await request.collectBody(upTo: maxBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw Self.tooLarge(maxBytes)
        }
        return try await next(request, context)
    }

    static func tooLarge(_ limit: Int) -> APIError {
        APIError(status: .contentTooLarge, message: "request body is larger than the limit of \(limit) bytes")
    }
}
