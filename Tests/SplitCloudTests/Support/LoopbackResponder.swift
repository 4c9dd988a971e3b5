import Hummingbird
import Logging
import SplitCloud

/// Runs a Hummingbird app answering every request with `answer` on a free 127.0.0.1 port for
/// the duration of `body`, which gets the server's address; the app stops however `body`
/// ends. Shared by the test servers that play another server (``ReplayServer``,
/// ``HostileServer``).
enum LoopbackResponder {
    static func run<Value: Sendable>(label: String, answer: @escaping @Sendable (Request) async throws -> Response,
                                     _ body: @Sendable (ServerAddress) async throws -> Value) async throws -> Value {
        let (ports, port) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: label)
        logger.logLevel = .critical
        let app = Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in try await answer(request) },
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                port.yield(channel.localAddress?.port ?? 0)
                port.finish()
            },
            logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.run() }
            // Stops the server however the body ends; its CancellationError is not collected.
            defer { group.cancelAll() }
            var next = ports.makeAsyncIterator()
            guard let bound = await next.next(), bound > 0 else { throw CancellationError() }
            return try await body(try ServerAddress("http://127.0.0.1:\(bound)"))
        }
    }
}
