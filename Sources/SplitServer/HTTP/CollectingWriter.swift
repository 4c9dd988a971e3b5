import HTTPTypes
import Hummingbird

/// Reads a response body into one buffer, for middleware that stores a response
/// (``IdempotencyMiddleware``) or rewrites it (a ``ServerFacade``'s, hence public).
public struct CollectingWriter: ResponseBodyWriter {
    /// Where the writer puts the bytes; a class because the body writes into a consumed copy.
    final class Target: @unchecked Sendable {
        var buffer = ByteBuffer()
    }

    let target: Target

    public mutating func write(_ buffer: ByteBuffer) async throws {
        target.buffer.writeImmutableBuffer(buffer)
    }

    public consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}

    /// The whole body of `body`.
    public static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let target = Target()
        try await body.write(CollectingWriter(target: target))
        return target.buffer
    }
}
