import Foundation
import HummingbirdTesting
import NIOCore
import SplitAPI
@testable import SplitServer
import Testing

/// The application as `split-server` runs it: migrations before listening, then real HTTP on
/// a free 127.0.0.1 port.
@Suite("split-server over a real socket", .serialized)
struct LiveServerTests {
    @Test("migrates an empty database at startup and serves on loopback")
    func startsAndServes() async throws {
        let settings = try await TestCluster.freshDatabase()
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, database: settings, logLevel: .warning, bcryptCost: 4)
        configuration.maxBodyBytes = 1 << 20
        let app = try await ServerApplication.build(configuration, logger: TestCluster.logger)
        try await app.test(.live) { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok)
            let registered = try await client.execute(
                uri: "/auth/register", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"phone":"+15550100","password":"password-1","displayName":"Phone User"}"#))
            #expect(registered.status == .created, "\(String(buffer: registered.body))")
            let auth = try JSONDecoder().decode(Components.Schemas.AuthResponse.self, from: Data(buffer: registered.body))
            #expect(auth.user.phone == "+15550100" && auth.user.email == nil)
            let groups = try await client.execute(uri: "/api/groups", method: .get, headers: [.authorization: "Bearer \(auth.token)"])
            #expect(String(buffer: groups.body) == #"{"groups":[]}"#)
        }
    }
}
