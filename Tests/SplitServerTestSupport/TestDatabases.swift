import Foundation
import Logging
import PostgresNIO
@testable import SplitServer
import Testing

/// Databases on the throwaway PostgreSQL cluster that `scripts/test.sh` starts (its URL is in
/// `SPLIT_TEST_DATABASE_URL`), for the server and the cloud tests: every test gets one of its own.
///
/// Most tests want a server at the newest schema. Migrating a new database costs about as much
/// PostgreSQL time as a whole small test (some 150 DDL statements), so the schema is migrated
/// once per test process into a template, and each test's database is a copy of it
/// (`CREATE DATABASE … TEMPLATE`). Tests of the migrations themselves take an empty one.
public enum TestDatabases {
    public static let logger = Logger(label: "split-server-tests")

    /// The cluster, or a recorded failure: these tests must never pass by skipping.
    public static func admin() throws -> DatabaseSettings {
        guard let url = ProcessInfo.processInfo.environment["SPLIT_TEST_DATABASE_URL"], !url.isEmpty else {
            Issue.record("SPLIT_TEST_DATABASE_URL is not set; run the tests with scripts/test.sh, which starts PostgreSQL")
            throw CancellationError()
        }
        return try DatabaseSettings(url: url)
    }

    /// A new empty database.
    public static func empty(prefix: String = "t") async throws -> DatabaseSettings {
        try await create(prefix: prefix, template: nil)
    }

    /// A new database at the newest schema, copied from the migrated template.
    public static func migrated(prefix: String = "t") async throws -> DatabaseSettings {
        try await create(prefix: prefix, template: try await MigratedTemplate.shared.name())
    }

    private static func create(prefix: String, template: String?) async throws -> DatabaseSettings {
        let admin = try admin()
        let name = prefix + "_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
        let sql = "CREATE DATABASE \(name)" + (template.map { " TEMPLATE \($0)" } ?? "") + " STRATEGY FILE_COPY"
        // A template still has a session for a moment after its migration's connections close
        // (the server ends its backend asynchronously), and PostgreSQL refuses to copy it then.
        var attempt = 0
        while true {
            do {
                try await AdminConnection.shared.run(sql, settings: admin)
                return admin.with(database: String(name))
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "55006" && attempt < 100 {
                attempt += 1
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Runs `body` on one connection to `settings`, closed afterwards.
    public static func withConnection<T: Sendable>(_ settings: DatabaseSettings, _ body: (PostgresConnection) async throws -> T)
        async throws -> T {
        let connection = try await PostgresConnection.connect(
            configuration: .init(host: settings.host, port: settings.port, username: settings.username,
                                 password: settings.password, database: settings.database, tls: .disable),
            id: 1, logger: logger)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

/// One connection to the cluster's `postgres` database for every `CREATE DATABASE` of the
/// process: PostgreSQL runs those one at a time anyway, and a connection of its own for each
/// of the run's some 350 databases cost a server process and a login apiece.
actor AdminConnection {
    static let shared = AdminConnection()
    /// The connection, made once: set before the first suspension, so callers that arrive
    /// while it is being made wait for the same one (a second connection would be dropped
    /// unclosed, which PostgresNIO treats as a bug).
    private var connecting: Task<PostgresConnection, any Error>?

    func run(_ sql: String, settings: DatabaseSettings) async throws {
        let task: Task<PostgresConnection, any Error>
        if let connecting {
            task = connecting
        } else {
            task = Task {
                try await PostgresConnection.connect(
                    configuration: .init(host: settings.host, port: settings.port, username: settings.username,
                                         password: settings.password, database: settings.database, tls: .disable),
                    id: 0, logger: TestDatabases.logger)
            }
            connecting = task
        }
        let connection: PostgresConnection
        do {
            connection = try await task.value
        } catch {
            forget(task)
            throw error
        }
        do {
            _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: TestDatabases.logger)
        } catch {
            // A refusal (the template still in use) leaves the connection fine; a lost one is made again.
            if connection.isClosed { forget(task) }
            throw error
        }
    }

    private func forget(_ task: Task<PostgresConnection, any Error>) {
        if connecting == task { connecting = nil }
    }
}

/// The database migrated once per test process that ``TestDatabases/migrated(prefix:)`` copies.
actor MigratedTemplate {
    static let shared = MigratedTemplate()
    private var making: Task<String, any Error>?

    func name() async throws -> String {
        if let making { return try await making.value }
        let task = Task { try await Self.make() }
        making = task
        return try await task.value
    }

    private static func make() async throws -> String {
        let settings = try await TestDatabases.empty(prefix: "template")
        let client = PostgresClient(configuration: settings.clientConfiguration, backgroundLogger: TestDatabases.logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            // Test setup, not a server under test: at the start of a whole run every test waits
            // here while the machine is busiest, and a connection can take longer than a
            // server's wait limit.
            var database = ServerDatabase(client: client, logger: TestDatabases.logger)
            database.waitLimit = .seconds(120)
            _ = try await ServerMigrator(database: database).migrate()
        }
        return settings.database
    }
}
