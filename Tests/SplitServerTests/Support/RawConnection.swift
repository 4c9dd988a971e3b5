import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// One client socket to a live server, from a chosen loopback source address, that sends
/// exactly the bytes a test gives and keeps every byte that comes back: what a slow or hostile
/// client, or one behind a proxy, looks like to the server.
final class RawConnection: Sendable {
    private let channel: any Channel
    private let received: NIOLockedValueBox<[UInt8]>
    private let opened: ContinuousClock.Instant
    private let closedAt = NIOLockedValueBox<ContinuousClock.Instant?>(nil)

    private init(channel: any Channel, received: NIOLockedValueBox<[UInt8]>) {
        self.channel = channel
        self.received = received
        opened = .now
        let closedAt = self.closedAt
        channel.closeFuture.whenComplete { _ in closedAt.withLockedValue { $0 = .now } }
    }

    /// Connects to 127.0.0.1:`port` from `source` (any 127.0.0.x works on Linux's loopback).
    static func open(port: Int, from source: String = "127.0.0.1") async throws -> RawConnection {
        let received = NIOLockedValueBox([UInt8]())
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(to: try SocketAddress(ipAddress: source, port: 0))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Collector(received)) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawConnection(channel: channel, received: received)
    }

    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text))
    }

    /// Everything the server has sent so far.
    var text: String { String(decoding: received.withLockedValue { $0 }, as: UTF8.self) }

    /// Whether the connection has closed.
    var isClosed: Bool { closedAt.withLockedValue { $0 } != nil }

    /// Waits up to `limit` for the server to close the connection; how long it had been open
    /// when it closed, or nil if it is still open.
    func closed(within limit: Duration) async -> Duration? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline, !isClosed {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return closedAt.withLockedValue { $0 }.map { $0 - opened }
    }

    /// The next whole response (status line, headers, a `Content-Length` body) after the
    /// `skipping` responses already read, waiting up to `limit`; nil if none came.
    func response(skipping: Int = 0, within limit: Duration = .seconds(30)) async -> RawResponse? {
        let deadline = ContinuousClock.now + limit
        repeat {
            let responses = RawResponse.parse(text)
            if responses.count > skipping { return responses[skipping] }
            if isClosed { return nil }
            try? await Task.sleep(for: .milliseconds(10))
        } while ContinuousClock.now < deadline
        return nil
    }

    func close() {
        channel.close(promise: nil)
    }

    /// An HTTP/1.1 request as text; `Content-Length` is added for a body.
    static func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil,
                        close: Bool = true) -> String {
        var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1"]
        if close { lines.append("Connection: close") }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
        if let body { lines += ["Content-Type: application/json", "Content-Length: \(body.utf8.count)"] }
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
    }

    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let received: NIOLockedValueBox<[UInt8]>

        init(_ received: NIOLockedValueBox<[UInt8]>) {
            self.received = received
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = Array(buffer: unwrapInboundIn(data))
            received.withLockedValue { $0 += bytes }
        }
    }
}

/// A response as read off the wire.
struct RawResponse: Sendable {
    let status: Int
    let headers: [String: String]
    let body: String

    /// The whole responses at the start of `text`, in order.
    static func parse(_ text: String) -> [RawResponse] {
        var responses: [RawResponse] = []
        var rest = Substring(text)
        while let end = rest.range(of: "\r\n\r\n") {
            let lines = rest[..<end.lowerBound].components(separatedBy: "\r\n")
            let parts = lines[0].split(separator: " ")
            guard parts.count >= 2, let status = Int(parts[1]) else { break }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = Int(headers["content-length"] ?? "0") ?? 0
            let bodyBytes = rest[end.upperBound...].utf8
            guard bodyBytes.count >= length else { break }
            let bodyEnd = bodyBytes.index(bodyBytes.startIndex, offsetBy: length)
            responses.append(RawResponse(status: status, headers: headers, body: String(rest[end.upperBound..<bodyEnd])))
            rest = rest[bodyEnd...]
        }
        return responses
    }
}
