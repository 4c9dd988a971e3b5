import AsyncHTTPClient
import Foundation
import SplitCloud
import SplitServer
import SplitTestSupport
import Testing

/// split-server as its own process (the built binary) on a fixed free loopback port over a
/// fresh database: unlike ``CloudTestServer`` it can be stopped and started again on the same
/// address, which is what "the server is down" means to a device holding a linked trip.
final class ServerProcess: @unchecked Sendable {
    let port: Int
    let databaseURL: String
    /// Command-line arguments of every start (`--shutdown-timeout 0` for a control run).
    let arguments: [String]
    private var process: Process?
    private let log: URL

    var url: String { "http://127.0.0.1:\(port)" }

    private init(port: Int, databaseURL: String, arguments: [String], log: URL) {
        self.port = port
        self.databaseURL = databaseURL
        self.arguments = arguments
        self.log = log
    }

    /// Starts a server over a new database (or the database at `databaseURL`); `body` runs
    /// with it, and it is stopped after.
    static func run(databaseURL: String? = nil, arguments: [String] = [], _ body: (ServerProcess) async throws -> Void) async throws {
        let url: String
        if let databaseURL {
            url = databaseURL
        } else {
            let settings = try await CloudTestServer.freshDatabase()
            let admin = try #require(ProcessInfo.processInfo.environment["SPLIT_TEST_DATABASE_URL"])
            guard let slash = admin.lastIndex(of: "/") else { throw CancellationError() }
            url = String(admin[..<slash]) + "/" + settings.database
        }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("split-server-\(UUID().uuidString).log")
        let server = ServerProcess(port: try CloudTestServer.closedPort(), databaseURL: url, arguments: arguments, log: log)
        try await server.start()
        do {
            try await body(server)
        } catch {
            server.stop()
            throw error
        }
        server.stop()
        try? FileManager.default.removeItem(at: log)
    }

    func start() async throws {
        let binary = URL(fileURLWithPath: try splitBinaryPath.get()).deletingLastPathComponent()
            .appendingPathComponent("split-server").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = databaseURL
        environment["HOST"] = "127.0.0.1"
        environment["PORT"] = String(port)
        environment["LOG_LEVEL"] = "error"
        environment["BCRYPT_COST"] = "4"
        process.environment = environment
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = process.standardOutput
        try process.run()
        self.process = process
        // A deadline, not a count of tries: on a busy machine a start (migrations over a fresh
        // database) may take a while, and each refused ping costs little. A process that ended
        // is reported at once, with its log.
        let deadline = ContinuousClock.now + .seconds(90)
        while process.isRunning, ContinuousClock.now < deadline {
            if await ping() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        let state = process.isRunning ? "did not answer within 90 s" : "ended with status \(process.terminationStatus)"
        stop()
        Issue.record("split-server \(state): \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        throw CancellationError()
    }

    /// SIGTERM, without waiting: the server starts its drain (or, with `--shutdown-timeout 0`,
    /// ends at once). ``stop()`` then waits for the end.
    func terminate() {
        guard let process, process.isRunning else { return }
        process.terminate()
    }

    /// SIGTERM, then waits (at most the server's drain and a little) for the process to end;
    /// SIGKILL if it has not.
    func stop() {
        guard let process else { return }
        if process.isRunning { process.terminate() }
        let deadline = ContinuousClock.now + .seconds(15)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        self.process = nil
    }

    private func ping() async -> Bool {
        let request = HTTPClientRequest(url: url + "/api/ping")
        guard let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(2)) else { return false }
        return response.status == .ok
    }
}
