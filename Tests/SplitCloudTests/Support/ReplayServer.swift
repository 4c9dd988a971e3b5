import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import SplitCloud

/// One exchange recorded against the real Node server (`fixtures/node-bsw/*.json` in the shared
/// folder; its README documents the format and what each file shows).
struct NodeRecording: Decodable, Sendable {
    struct Request: Decodable, Sendable {
        let method: String
        let path: String
        /// The exact text sent, nil when none was.
        let body: String?
    }

    struct Response: Decodable, Sendable {
        let status: Int
        /// Only the headers the README lists (`content-type`, `retry-after`, `x-ratelimit-*`, `etag`).
        let headers: [String: String]
        /// Verbatim.
        let body: String
    }

    let scenario: String
    let note: String
    let request: Request
    let response: Response

    /// The shared fixtures folder, found from this file so that the tests run from any directory.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/fixtures/node-bsw")

    /// Every recording's file name, in order (`01-health-200.json`...).
    static func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    static func named(_ name: String) throws -> NodeRecording {
        try JSONDecoder().decode(NodeRecording.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// `METHOD /path` of the request, as ``ReplayServer/Received`` describes one.
    var requestLine: String { "\(request.method) \(request.path)" }

    /// The id in the request's path: `/api/groups/ID/...`, `/api/expenses/ID`, `/api/expense-splits/ID/...`.
    var pathID: String {
        let segments = request.path.split(separator: "/")
        return segments.count > 2 ? String(segments[2]) : ""
    }

    /// A text field of the request body (nil when absent, not text, or the body is not JSON).
    func sent(_ key: String) -> String? {
        Self.object(request.body)?[key] as? String
    }

    /// A text field of the answer, by key path (`answer("user", "email")`); nil for `null`.
    func answer(_ path: String...) -> String? {
        var value: Any? = Self.object(response.body)
        for key in path { value = (value as? [String: Any])?[key] }
        return value as? String
    }

    private static func object(_ text: String?) -> [String: Any]? {
        guard let data = text?.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

/// A loopback HTTP server that answers every request, whatever its method and path, with the
/// recording being played: its status, its recorded headers and its exact body bytes.
///
/// It records each request it receives (method and path), so a test can check that the client
/// sent the request the recording describes, and how often (retries, rate-limit waits). It
/// binds 127.0.0.1 only, on a free port.
final class ReplayServer: Sendable {
    /// A request as it arrived.
    struct Received: Hashable, Sendable, CustomStringConvertible {
        let method: String
        let path: String
        var description: String { "\(method) \(path)" }
    }

    private struct State {
        var playing: NodeRecording?
        var received: [Received] = []
    }

    let address: ServerAddress
    private let state: NIOLockedValueBox<State>

    private init(address: ServerAddress, state: NIOLockedValueBox<State>) {
        self.address = address
        self.state = state
    }

    /// Answers every request from now on with `recording`, and forgets the requests so far.
    func play(_ recording: NodeRecording) {
        state.withLockedValue { $0 = State(playing: recording) }
    }

    /// The requests received since the last ``play(_:)``, in order.
    var received: [Received] { state.withLockedValue { $0.received } }

    /// Runs a replay server for the duration of `body`.
    static func run<Value: Sendable>(_ body: @Sendable (ReplayServer) async throws -> Value) async throws -> Value {
        let state = NIOLockedValueBox(State())
        let respond: @Sendable (Request) async throws -> Response = { request in try await answer(request, state) }
        return try await LoopbackResponder.run(label: "replay-server", answer: respond) { address in
            try await body(ReplayServer(address: address, state: state))
        }
    }

    /// The playing recording's answer. The request body is read to its end first, as express
    /// reads it (the 200 KiB body of the 413 recording included).
    private static func answer(_ request: Request, _ state: NIOLockedValueBox<State>) async throws -> Response {
        var request = request
        _ = try await request.collectBody(upTo: 4 << 20)
        let arrived = Received(method: request.method.rawValue, path: request.uri.path)
        let playing = state.withLockedValue { state in
            state.received.append(arrived)
            return state.playing
        }
        guard let recorded = playing?.response else {
            return Response(status: .serviceUnavailable, body: .init(byteBuffer: ByteBuffer(string: "nothing is playing")))
        }
        var headers = HTTPFields()
        for (name, value) in recorded.headers {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        return Response(status: .init(code: recorded.status), headers: headers,
                        body: .init(byteBuffer: ByteBuffer(string: recorded.body)))
    }
}
