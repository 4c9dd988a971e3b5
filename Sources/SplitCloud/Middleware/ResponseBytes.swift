import OpenAPIRuntime

/// Reads a whole answer body, for the middlewares that must look at it before passing it on.
enum ResponseBytes {
    /// The largest body read: far above any answer of the API (a 1,000-expense group is about
    /// 1 MB), and a bound on what a broken server can make the client hold.
    static let limit = 256 << 20

    static func collect(_ body: HTTPBody?) async throws -> [UInt8] {
        guard let body else { return [] }
        return try await [UInt8](collecting: body, upTo: limit)
    }
}
