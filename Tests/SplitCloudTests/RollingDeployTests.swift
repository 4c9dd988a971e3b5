import AsyncHTTPClient
import Foundation
import NIOCore
import SplitServerTestSupport
import Synchronization
import Testing

/// The README's rolling deploy, checked against a real HAProxy on loopback: two split-server
/// processes on one PostgreSQL (a cluster of the test's own) behind the proxy, health-checked
/// on `/health/ready`. Under a steady load of writes carrying an `Idempotency-Key` (as `split`
/// sends them), instance A is restarted, then B, then PostgreSQL. Once the proxy's retries and
/// the client's (the same as `split`'s ``RetryMiddleware``) are counted, no request failed,
/// and every acknowledged expense is stored exactly once. The control, with graceful shutdown
/// off (`--shutdown-timeout 0`) and no client retries, must show failed requests.
@Suite("a rolling deploy behind HAProxy", .serialized,
       .enabled(if: HAProxyBinary.runnable, "haproxy is not installed (apt-get install haproxy; scripts/test.sh does)"))
struct RollingDeployTests {

    /// What one run saw.
    struct Outcome {
        var failed: [String] = []
        var acknowledged: [String] = []
        var sent = 0
        /// Retries and redispatches the proxy made, from its statistics.
        var proxyRetries = 0
    }

    @Test("restarting A, then B, then PostgreSQL under a write load: no failed request, every acknowledged write stored once",
          .timeLimit(.minutes(4)))
    func rollingDeploy() async throws {
        let outcome = try await Self.deploy(arguments: ["--shutdown-timeout", "20"], clientRetries: true)
        #expect(outcome.failed.isEmpty, "\(outcome.failed.count) of \(outcome.sent) failed: \(outcome.failed.prefix(5))")
        #expect(outcome.acknowledged.count > 20, "too little load to prove anything: \(outcome.acknowledged.count)")
    }

    @Test("control: with --shutdown-timeout 0 and no client retries, requests fail",
          .timeLimit(.minutes(4)))
    func withoutGracefulShutdown() async throws {
        let outcome = try await Self.deploy(arguments: ["--shutdown-timeout", "0"], clientRetries: false)
        #expect(!outcome.failed.isEmpty, "no request failed out of \(outcome.sent)")
    }

    /// One whole run: cluster, two instances, HAProxy, load, restarts; checks what was stored
    /// against what was acknowledged, and answers what the load saw.
    static func deploy(arguments: [String], clientRetries: Bool) async throws -> Outcome {
        var outcome = Outcome()
        try await OwnCluster.run { cluster in
            try await ServerProcess.run(databaseURL: cluster.url, arguments: arguments) { a in
                try await ServerProcess.run(databaseURL: cluster.url, arguments: arguments) { b in
                    let proxy = try await Proxy.start(servers: [a.port, b.port])
                    defer { proxy.stop() }
                    outcome = try await Bounded.within(.seconds(150), "the rolling deploy") {
                        try await Self.run(cluster: cluster, proxy: proxy, instances: [a, b], clientRetries: clientRetries)
                    }
                    let stored = try await Self.storedDescriptions(cluster)
                    let counts = Dictionary(stored.map { ($0, 1) }, uniquingKeysWith: +)
                    let twice = counts.filter { $0.value > 1 }.keys.sorted()
                    #expect(twice.isEmpty, "stored more than once: \(twice.prefix(5))")
                    let missing = outcome.acknowledged.filter { counts[$0] == nil }
                    #expect(missing.isEmpty, "acknowledged but not stored: \(missing.prefix(5))")
                    let proxyLog = proxy.output
                    if !outcome.failed.isEmpty { print("haproxy log: \(proxyLog.suffix(2000))") }
                }
            }
        }
        print("rolling deploy \(arguments.joined(separator: " ")), client retries \(clientRetries): sent \(outcome.sent), acknowledged \(outcome.acknowledged.count), failed \(outcome.failed.count) \(outcome.failed.prefix(3)), proxy retries and redispatches \(outcome.proxyRetries)")
        return outcome
    }

    static func run(cluster: OwnCluster, proxy: Proxy, instances: [ServerProcess], clientRetries: Bool) async throws -> Outcome {
        let base = "http://127.0.0.1:\(proxy.port)"
        try await proxy.waitUntilUp(2)
        let token = try await Self.setUp(base)
        let load = Load(base: base, token: token.token, group: token.group, member: token.member, retries: clientRetries)
        let writers = (0..<load.writers).map { writer in Task { await load.write(as: writer) } }
        do {
            try await Task.sleep(for: .seconds(2))
            for instance in instances {
                // Writes in flight at the signal, for certain: without them a run can miss
                // the very requests a drain is for, and the control would prove nothing.
                try await Self.holdingWrites(cluster, writers: load.writers) {
                    instance.terminate()
                    try await Task.sleep(for: .milliseconds(300))
                }
                instance.stop()
                try await instance.start()
                try await proxy.waitUntilUp(2)
                try await Task.sleep(for: .seconds(1))
            }
            try await cluster.halt("fast")
            try await Task.sleep(for: .seconds(1))
            try await cluster.resume()
            try await proxy.waitUntilUp(2)
            try await Task.sleep(for: .seconds(2))
        } catch {
            load.stop()
            for writer in writers { await writer.value }
            throw error
        }
        load.stop()
        for writer in writers { await writer.value }
        var outcome = load.outcome
        outcome.proxyRetries = (try? await proxy.retries()) ?? -1
        return outcome
    }

    /// Runs `body` while a transaction of the test's own locks the expenses table, once every
    /// writer's request waits on that lock inside PostgreSQL (or 5 s have passed), so that
    /// `body`'s SIGTERM meets requests in flight on the instance it stops.
    static func holdingWrites(_ cluster: OwnCluster, writers: Int, _ body: () async throws -> Void) async throws {
        try await TableLock.holding("expenses", in: cluster.settings) { lock in
            try await lock.waiters(atLeast: writers, within: .seconds(5))
            try await body()
        }
    }

    /// A user, a group and a member, through the proxy.
    static func setUp(_ base: String) async throws -> (token: String, group: String, member: String) {
        let email = "deploy-\(UUID().uuidString.prefix(8))@example.com"
        let registered = try await Self.post(base, "/auth/register", token: nil,
                                             json: #"{"email":"\#(email)","password":"password-1","displayName":"Ann"}"#)
        let token = try #require(registered.json?["token"] as? String, "\(registered)")
        let group = try await Self.post(base, "/api/groups", token: token, json: #"{"name":"Deploy"}"#)
        let groupID = try #require((group.json?["group"] as? [String: Any])?["id"] as? String, "\(group)")
        let member = try await Self.post(base, "/api/groups/\(groupID)/members", token: token, json: #"{"name":"Alex"}"#)
        let memberID = try #require((member.json?["member"] as? [String: Any])?["id"] as? String, "\(member)")
        return (token, groupID, memberID)
    }

    struct Reply: CustomStringConvertible {
        let status: Int
        let retryAfter: String?
        let body: String
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] }
        var description: String { "\(status) \(body.prefix(300))" }
    }

    static func post(_ base: String, _ path: String, token: String?, json: String, headers: [String: String] = [:]) async throws -> Reply {
        var request = HTTPClientRequest(url: base + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(string: json))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Reply(status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"),
                     body: String(buffer: body))
    }

    static func storedDescriptions(_ cluster: OwnCluster) async throws -> [String] {
        try await TestDatabases.withConnection(cluster.settings) { connection in
            var descriptions: [String] = []
            for try await value in try await connection.query(.init(unsafeSQL: "SELECT description FROM expenses"), logger: TestDatabases.logger)
                .decode(String.self) { descriptions.append(value) }
            return descriptions
        }
    }

    /// Writers posting expenses with a fresh key each until stopped. With `retries`, a failed
    /// send is retried with the same key as ``RetryMiddleware`` does for a write `split` vouches
    /// for: a 503 with `Retry-After` waited out as asked (at most 60 s in all, costing no
    /// attempt); a lost answer or another 5xx retried after 0.5 s, 1 s, 2 s (4 sends in all).
    final class Load: Sendable {
        let base: String, token: String, group: String, member: String
        let retries: Bool
        /// How many write at once.
        let writers = 4
        private let stopped = Atomic<Bool>(false)
        private let state = Mutex(Outcome())

        init(base: String, token: String, group: String, member: String, retries: Bool) {
            (self.base, self.token, self.group, self.member, self.retries) = (base, token, group, member, retries)
        }

        func stop() { stopped.store(true, ordering: .sequentiallyConsistent) }
        var outcome: Outcome { state.withLock { $0 } }

        func write(as writer: Int) async {
            var index = 0
            while !stopped.load(ordering: .sequentiallyConsistent) {
                index += 1
                let key = "w\(writer)-\(index)-\(UUID().uuidString.prefix(6))"
                state.withLock { $0.sent += 1 }
                switch await send(key) {
                case .success: state.withLock { $0.acknowledged.append(key) }
                case .failure(let reason): state.withLock { $0.failed.append("\(key): \(reason)") }
                }
                try? await Task.sleep(for: .milliseconds(20))
            }
        }

        private func send(_ key: String) async -> Result<Void, Failure> {
            let policy = (attempts: 4, initial: Duration.milliseconds(500), unavailable: Duration.seconds(60))
            let json = #"{"groupId":"\#(group)","description":"\#(key)","amount":100,"currency":"JPY","category":"Meal","paidByMemberId":"\#(member)","expenseDate":"2025-01-20","splits":[{"memberId":"\#(member)","amount":100}]}"#
            var attempt = 0
            var waited = Duration.zero
            while true {
                attempt += 1
                let reason: String
                do {
                    let reply = try await RollingDeployTests.post(base, "/api/expenses", token: token, json: json,
                                                                  headers: ["Idempotency-Key": key])
                    if reply.status == 201 { return .success(()) }
                    guard reply.status >= 500 else { return .failure(Failure("\(reply)")) }
                    if retries, let after = reply.retryAfter.flatMap(Int.init), waited + .seconds(after) <= policy.unavailable {
                        waited += .seconds(after)
                        attempt -= 1
                        try? await Task.sleep(for: .seconds(after))
                        continue
                    }
                    reason = "\(reply)"
                } catch {
                    reason = "\(error)"
                }
                guard retries, attempt < policy.attempts else { return .failure(Failure("\(reason) after \(attempt) sends")) }
                try? await Task.sleep(for: policy.initial * (1 << (attempt - 1)))
            }
        }

        struct Failure: Error, CustomStringConvertible {
            let description: String
            init(_ description: String) { self.description = description }
        }
    }
}

/// Where HAProxy is, and whether the rolling-deploy tests run: skipped only on a machine
/// without it outside CI; in CI (scripts/test.sh installs it) they always run, and fail if it
/// is missing.
enum HAProxyBinary {
    static let path = "/usr/sbin/haproxy"
    static var runnable: Bool {
        FileManager.default.isExecutableFile(atPath: path) || ProcessInfo.processInfo.environment["CI"] != nil
    }
}

/// What HAProxy did not do.
struct ProxyError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// HAProxy as a child process (`-db`: in the foreground) with the README's configuration, on
/// a free loopback port, and a statistics listener of its own the test reads server states from.
final class Proxy: @unchecked Sendable {
    let port: Int
    let statsPort: Int
    let process: Process
    let folder: URL

    private init(port: Int, statsPort: Int, process: Process, folder: URL) {
        (self.port, self.statsPort, self.process, self.folder) = (port, statsPort, process, folder)
    }

    /// The configuration the README shows, with the test's ports.
    static func configuration(port: Int, statsPort: Int, servers: [Int]) -> String {
        """
        defaults
            mode http
            timeout connect 2s
            timeout client 30s
            timeout server 30s
            retries 3
            option redispatch
            retry-on conn-failure empty-response response-timeout 503

        frontend split
            bind 127.0.0.1:\(port)
            default_backend split_servers

        backend split_servers
            option httpchk GET /health/ready
            http-check expect status 200
            # HAProxy's own 503 (no instance ready, as while PostgreSQL restarts) says how long
            # to wait, as split-server's does, so clients wait it out.
            http-error status 503 content-type application/json string "{\\"error\\":\\"no instance is ready; retry shortly\\"}" hdr Retry-After 1
            default-server inter 1s fall 1 rise 2
        \(servers.enumerated().map { "    server s\($0.offset) 127.0.0.1:\($0.element) check" }.joined(separator: "\n"))

        listen stats
            bind 127.0.0.1:\(statsPort)
            stats enable
            stats uri /stats

        """
    }

    static func start(servers: [Int]) async throws -> Proxy {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("haproxy-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = try CloudTestServer.closedPort()
        var statsPort = try CloudTestServer.closedPort()
        while statsPort == port { statsPort = try CloudTestServer.closedPort() }
        let config = folder.appendingPathComponent("haproxy.cfg")
        try configuration(port: port, statsPort: statsPort, servers: servers).write(to: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: HAProxyBinary.path)
        process.arguments = ["-f", config.path, "-db"]
        let log = folder.appendingPathComponent("haproxy.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = process.standardOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let proxy = Proxy(port: port, statsPort: statsPort, process: process, folder: folder)
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            guard process.isRunning else { break }
            if (try? await proxy.stats()) != nil { return proxy }
            try await Task.sleep(for: .milliseconds(50))
        }
        proxy.stop()
        throw ProxyError("haproxy did not start: \(proxy.output)")
    }

    var output: String { (try? String(contentsOf: folder.appendingPathComponent("haproxy.log"), encoding: .utf8)) ?? "" }

    /// The statistics as CSV rows of the backend's servers, by column name.
    func stats() async throws -> [[String: String]] {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(statsPort)/stats;csv"),
                                                           timeout: .seconds(2))
        let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
        let lines = text.split(separator: "\n").map(String.init)
        guard let header = lines.first, header.hasPrefix("# ") else { throw ProxyError("no statistics: \(text.prefix(200))") }
        let names = header.dropFirst(2).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            let values = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(zip(names, values).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
        }.filter { $0["pxname"] == "split_servers" && $0["svname"] != "BACKEND" }
    }

    /// Waits (at most 60 s) until HAProxy counts `count` servers up.
    func waitUntilUp(_ count: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        var last: [[String: String]] = []
        while ContinuousClock.now < deadline {
            last = (try? await stats()) ?? []
            if last.filter({ $0["status"] == "UP" }).count >= count { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ProxyError("HAProxy did not see \(count) servers up: \(last.map { "\($0["svname"] ?? "?") \($0["status"] ?? "?")" })")
    }

    /// Retries and redispatches HAProxy made (connection retries included).
    func retries() async throws -> Int {
        try await stats().reduce(0) { $0 + (Int($1["wretr"] ?? "") ?? 0) + (Int($1["wredis"] ?? "") ?? 0) }
    }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            let deadline = ContinuousClock.now + .seconds(10)
            while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
