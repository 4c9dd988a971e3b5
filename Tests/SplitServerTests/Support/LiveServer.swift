import Foundation
import Testing
import HummingbirdTesting
@testable import SplitServer
import SplitServerTestSupport

/// split-server as `split-server` runs it, on a free 127.0.0.1 port over a new migrated
/// database, for tests that talk to it over raw sockets (``RawConnection``).
enum LiveServer {
    /// Runs `body` with the server's port. Hummingbird's test client holds one connection of
    /// its own, opened before `body` runs; `body` gets it for ordinary requests.
    static func run(configure: (inout ServerConfiguration) -> Void = { _ in },
                    _ body: @Sendable (_ port: Int, _ client: any TestClientProtocol) async throws -> Void) async throws {
        let settings = try await TestDatabases.migrated()
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, database: settings, logLevel: .error, bcryptCost: 4)
        configure(&configuration)
        let app = try await ServerApplication.build(configuration, logger: TestCluster.logger)
        try await app.test(.live) { client in
            try await body(try #require(client.port), client)
        }
    }
}
