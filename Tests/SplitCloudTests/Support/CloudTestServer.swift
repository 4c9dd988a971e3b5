import Foundation
import HummingbirdTesting
import Logging
import PostgresNIO
import SplitCloud
@testable import SplitServer
import SplitServerQuirks
import SplitServerTestSupport
import Testing

/// A real split-server (normal or Node-quirks mode) on a fresh database of the throwaway
/// PostgreSQL that `scripts/test.sh` starts (`SPLIT_TEST_DATABASE_URL`), listening on a free
/// 127.0.0.1 port for the duration of `body`.
enum CloudTestServer {
    static let logger = Logger(label: "split-cloud-tests")

    struct Running: Sendable {
        let address: ServerAddress
        let settings: DatabaseSettings
        var url: String { address.url }

        /// Runs SQL on the server's database (to expire a token, count rows, or store what
        /// another client would have). A failure carries PostgreSQL's own message.
        func sql(_ text: String) async throws -> [String] {
            do {
                return try await CloudTestServer.withConnection(settings) { connection in
                    var values: [String] = []
                    let rows = try await connection.query(PostgresQuery(unsafeSQL: text), logger: CloudTestServer.logger)
                    for try await row in rows {
                        if let value = try? row.decode(String.self) { values.append(value) }
                    }
                    return values
                }
            } catch let error as PSQLError {
                throw SQLFailure(sql: text, detail: error.serverInfo?[.message] ?? String(reflecting: error))
            }
        }
    }

    struct SQLFailure: Error, CustomStringConvertible {
        let sql: String
        let detail: String
        var description: String { "\(detail) in: \(sql.prefix(300))" }
    }

    /// `facade`: another layer than the Node server's quirks (``OlderServer``).
    static func run(quirks: LegacyQuirks? = nil, facade: (any ServerFacade)? = nil, maxBodyBytes: Int = 8 << 20,
                    _ body: @Sendable (Running) async throws -> Void) async throws {
        let settings = try await TestDatabases.migrated(prefix: "c")
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, database: settings, logLevel: .error,
                                                maxBodyBytes: maxBodyBytes, bcryptCost: 4, facade: quirks ?? facade)
        // In the test process many servers share two cores: a wait for a connection can outlast
        // a real server's limit. Outages are tested on real processes (ServerProcess).
        configuration.databaseWaitLimit = .seconds(60)
        let app = try await ServerApplication.build(configuration, logger: logger)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(Running(address: try ServerAddress("http://127.0.0.1:\(port)"), settings: settings))
        }
    }

    /// A new empty database on the cluster.
    static func freshDatabase() async throws -> DatabaseSettings { try await TestDatabases.empty(prefix: "c") }

    static func withConnection<T: Sendable>(_ settings: DatabaseSettings, _ body: (PostgresConnection) async throws -> T)
        async throws -> T {
        try await TestDatabases.withConnection(settings, body)
    }

    /// A loopback port with nothing listening, for a server to start on later (``ServerProcess``,
    /// which stops and starts again on it) or for an address nothing answers.
    ///
    /// Chosen below the kernel's ephemeral range (`ip_local_port_range`): a port from that range
    /// may meanwhile become the local end of any of the many connections the tests open, and a
    /// server then cannot bind it. Below the range only an explicit bind takes a port, and this
    /// one was free when tried.
    static func closedPort() throws -> Int {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) } ?? []
        let lowest = range.first.map { max(2048, $0) } ?? 32768
        for _ in 0..<200 {
            let port = Int.random(in: 1024..<lowest)
            if Self.bindable(port) { return port }
        }
        Issue.record("no free loopback port below \(lowest) in 200 tries")
        throw CancellationError()
    }

    /// Whether `port` on 127.0.0.1 can be bound now; the socket is closed again at once.
    private static func bindable(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
