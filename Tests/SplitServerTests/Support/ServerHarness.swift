import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PostgresNIO
@testable import SplitServer
import SplitServerTestSupport
import Testing

/// Runs server tests against the throwaway PostgreSQL cluster that `scripts/test.sh` starts
/// (its URL is in `SPLIT_TEST_DATABASE_URL`). Every test gets a database of its own.
enum TestCluster {
    static let logger = TestDatabases.logger

    /// The cluster, or a recorded failure: these tests must never pass by skipping.
    static func settings() throws -> DatabaseSettings { try TestDatabases.admin() }

    /// Creates an empty database and returns its settings.
    static func freshDatabase() async throws -> DatabaseSettings { try await TestDatabases.empty() }

    /// Runs `sql` (several statements, psql-style file) on `settings` with the simple protocol's
    /// equivalent: one statement at a time, split on lines ending in ';' outside dollar quotes.
    static func load(sqlFile path: String, into settings: DatabaseSettings) async throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try await withAdmin(settings) { connection in
            for statement in SQLScript.statements(text) {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    @discardableResult
    static func withAdmin<T: Sendable>(_ settings: DatabaseSettings, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await TestDatabases.withConnection(settings, body)
    }

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }
}

/// Splits a SQL script into statements for the extended protocol.
enum SQLScript {
    static func statements(_ text: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var inDollar = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("--") && current.isEmpty { continue }
            current += line + "\n"
            if line.components(separatedBy: "$$").count % 2 == 0 { inDollar.toggle() }
            if !inDollar, trimmed.hasSuffix(";") {
                let statement = current.trimmingCharacters(in: .whitespacesAndNewlines)
                let upper = statement.uppercased()
                if upper != "BEGIN;" && upper != "COMMIT;" { statements.append(String(statement.dropLast())) }
                current = ""
            }
        }
        return statements
    }
}

/// One in-process server on a fresh database, driven through Hummingbird's router tester.
struct ServerHarness {
    let settings: DatabaseSettings

    /// Runs `body` with a client for a migrated server on a new database, a copy of the migrated
    /// template (or on `settings`, migrated here).
    static func run(settings given: DatabaseSettings? = nil, configure: (inout ServerConfiguration) -> Void = { _ in },
                    _ body: @Sendable (API) async throws -> Void) async throws {
        let settings: DatabaseSettings
        if let given { settings = given } else { settings = try await TestDatabases.migrated() }
        var configuration = ServerConfiguration(port: 3012, database: settings, logLevel: .warning, bcryptCost: 4)
        // In the test process hundreds of servers share two cores: a wait for a connection
        // can outlast a real server's limit. Outages are tested on real processes.
        configuration.databaseWaitLimit = .seconds(60)
        configure(&configuration)
        let client = PostgresClient(configuration: configuration.database.clientConfiguration, backgroundLogger: TestCluster.logger)
        var pooled = ServerDatabase(client: client, logger: TestCluster.logger)
        pooled.waitLimit = configuration.databaseWaitLimit
        let database = pooled
        let router = try ServerApplication.router(configuration: configuration, database: database, logger: TestCluster.logger)
        let app = Application(router: router, services: [client], logger: TestCluster.logger)
        try await app.test(.router) { testClient in
            try await ServerMigrator(database: database).migrate()
            try await body(API(client: testClient, database: database, settings: settings))
        }
    }
}
