import Foundation
import NIOCore
import NIOPosix
@testable import SplitServer
import SplitServerTestSupport
import SplitJSON
import Testing

/// The built `split-server` binary as its own process on a free loopback port, for tests of
/// what only a real process shows: signals, exit status, sockets closing.
final class ServerProcess: @unchecked Sendable {
    let port: Int
    let process: Process
    let log: URL

    /// The binary next to the test bundle (both in the build's products directory).
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("split-server").path
    }

    private init(port: Int, process: Process, log: URL) {
        self.port = port
        self.process = process
        self.log = log
    }

    /// Starts `split-server` with `arguments` on `settings` and waits (at most 60 s) until
    /// `/health/ready` answers 200.
    static func start(_ settings: DatabaseSettings, arguments: [String] = []) async throws -> ServerProcess {
        let port = try await freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--port", String(port), "--host", "127.0.0.1"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = "postgres://\(settings.username)@\(settings.host):\(settings.port)/\(settings.database)"
        environment["LOG_LEVEL"] = "error"
        process.environment = environment
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("split-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = process.standardOutput
        try process.run()
        let server = ServerProcess(port: port, process: process, log: log)
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline {
            if let reply = try? await server.request("GET", "/health/ready", within: .seconds(2)), reply.status == 200 { return server }
            try await Task.sleep(for: .milliseconds(50))
        }
        server.kill()
        throw HarnessError("split-server did not become ready: \(server.output)")
    }

    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// One request on a connection of its own; nil when no answer came within `limit`.
    func request(_ method: String, _ path: String, token: String? = nil, body: String? = nil,
                 headers: [String: String] = [:], within limit: Duration = .seconds(10)) async throws -> RawResponse? {
        let connection = try await RawConnection.open(port: port)
        defer { connection.close() }
        var headers = headers
        if let token { headers["Authorization"] = "Bearer \(token)" }
        try await connection.send(RawConnection.request(method, path, headers: headers, body: body))
        return await connection.response(within: limit)
    }

    /// Posts `json` and answers the reply; for the setup steps of a test.
    func post(_ path: String, token: String, json: String, headers: [String: String] = [:]) async throws -> RawResponse {
        guard let reply = try await request("POST", path, token: token, body: json, headers: headers) else {
            throw HarnessError("POST \(path): no answer")
        }
        return reply
    }

    /// Registers a user; its token.
    func register() async throws -> String {
        let email = "ann-\(UUID().uuidString.prefix(8))@example.com"
        let reply = try await request("POST", "/auth/register", body: #"{"email":"\#(email)","password":"password-1","displayName":"Ann"}"#)
        guard let reply, reply.status == 201,
              let token = (try? JSONParser.parse(Array(reply.body.utf8)))?["token"]?.stringValue else {
            throw HarnessError("register failed: \(String(describing: reply))")
        }
        return token
    }

    func signal(_ number: Int32) { Foundation.kill(process.processIdentifier, number) }

    /// Waits at most `limit` for the process to end; its status, or nil if it still runs.
    func exited(within limit: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Ends the process with SIGKILL (which nothing in it can delay) and removes its log.
    func kill() {
        if process.isRunning {
            signal(SIGKILL)
            // Bounded all the same: a test run must never wait for ever on a child.
            let deadline = ContinuousClock.now + .seconds(10)
            while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        }
        try? FileManager.default.removeItem(at: log)
    }

    /// A loopback port free right now (the kernel's pick for a listener closed at once).
    static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }
}

extension RawResponse {
    /// The body as JSON, for assertions (`reply.json["group"]["id"].stringValue`).
    var json: JSONValue? { try? JSONParser.parse(Array(body.utf8)) }
}
