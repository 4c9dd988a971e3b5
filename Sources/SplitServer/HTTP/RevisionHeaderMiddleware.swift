import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers

/// Adds `ETag: "R"` to the answers of the group's GET routes.
///
/// The contract documents the header on each operation, but the generated server writes header
/// values URI-encoded (`%2242%22`), which no HTTP cache would match. So the handlers leave it
/// out and record the group's revision here (``APIHandler/access(_:)`` does, for every group
/// read), and this middleware writes the header as HTTP has it.
struct RevisionHeaderMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// The revision of the group the current request read, set once per request.
    final class Slot: Sendable {
        private let value = NIOLockedValueBox<Int64?>(nil)
        func set(_ revision: Int64) { value.withLockedValue { $0 = revision } }
        var revision: Int64? { value.withLockedValue { $0 } }
    }

    @TaskLocal static var slot: Slot?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get else { return try await next(request, context) }
        let slot = Slot()
        var response = try await Self.$slot.withValue(slot) { try await next(request, context) }
        if let revision = slot.revision, response.status == .ok || response.status == .notModified {
            response.headers[.eTag] = RevisionTag.etag(revision)
        }
        return response
    }
}
