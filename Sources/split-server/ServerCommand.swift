import ArgumentParser
import Foundation
import Logging
import SplitServer

/// `split-server`: reads configuration from flags and the environment, then runs the server.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split-server",
        abstract: "The split cloud server: the budget_splitter_web API on PostgreSQL, strict and faster.",
        discussion: """
        Configuration (flags win over the environment):
          DATABASE_URL   postgres://USER:PASSWORD@HOST:PORT/DATABASE[?sslmode=require]
          PGHOST PGPORT PGUSER PGPASSWORD PGDATABASE PGSSLMODE
                         used when DATABASE_URL is not set (libpq's variables)
          HOST           address to listen on (default 127.0.0.1)
          PORT           port to listen on (default 3012)
          LOG_LEVEL      trace, debug, info, notice, warning, error, critical
                         (default info)
          DATABASE_POOL_SIZE
                         connections to PostgreSQL, 1-1000 (default 4 per core,
                         at least 4); several instances add theirs up
          SHUTDOWN_TIMEOUT seconds a SIGTERM may take to drain (default 10)
          HEADER_TIMEOUT MIN_BODY_RATE IDLE_TIMEOUT MAX_CONNECTIONS TRUSTED_PROXIES
                         against slow clients and for clients behind a proxy; see
                         the flags below
        A request's line and headers must arrive within the header timeout of its first
        byte; its body must then average the minimum rate (a body of B bytes may take
        the header timeout plus B / rate seconds), or the request is answered 408 and
        the connection closed. Past the connection cap a new connection is closed at
        once, and a warning is logged once a minute while that lasts. With a trusted
        proxy, the client of a connection from it is the right-most X-Forwarded-For
        address that is not a trusted proxy; other connections' X-Forwarded-For is
        ignored. The login and share-page limits count per client address.
        On SIGTERM or SIGINT the server stops accepting connections, answers the requests
        it has read (their answers say Connection: close), closes idle connections, then
        its database pool, and exits 0; requests still running when the shutdown timeout
        passes are cut off, and it exits 1. While PostgreSQL is away every request that
        needs it is answered 503 with Retry-After: 1. GET /health/ready is 200 while the
        database answers and is migrated, else 503: point a load balancer's health check
        at it (GET /health only says the process is up).
        Migrations run before the server listens. An existing budget_splitter_web
        database is upgraded in place, keeping its rows and password hashes.
        Example:
          export DATABASE_URL=postgres://split:secret@127.0.0.1:5432/split
          split-server --port 3012
        """
    )

    @Option(help: ArgumentHelp("Address to listen on (env HOST).", valueName: "address"))
    var host: String?

    @Option(help: ArgumentHelp("Port to listen on (env PORT).", valueName: "port"))
    var port: Int?

    @Option(name: .customLong("database-url"), help: ArgumentHelp("PostgreSQL URL (env DATABASE_URL).", valueName: "url"))
    var databaseURL: String?

    @Option(name: .customLong("database-pool-size"),
            help: ArgumentHelp("Connections to PostgreSQL (env DATABASE_POOL_SIZE).", valueName: "count"))
    var databasePoolSize: Int?

    @Option(name: .customLong("share-page-limit"),
            help: ArgumentHelp("Read-only page views per client IP per minute (env SHARE_PAGE_LIMIT; default 300).",
                               valueName: "count"))
    var sharePageLimit: Int?

    @Option(name: .customLong("log-level"), help: ArgumentHelp("Log level (env LOG_LEVEL).", valueName: "level"))
    var logLevel: String?

    @Option(name: .customLong("shutdown-timeout"),
            help: ArgumentHelp("Seconds SIGTERM/SIGINT may spend answering requests in flight before exiting; 0 exits at once without draining (env SHUTDOWN_TIMEOUT; default 10).",
                               valueName: "seconds"))
    var shutdownTimeout: String?

    @OptionGroup(title: "Slow clients and proxies")
    var connections: ConnectionOptions

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let configuration: ServerConfiguration
        do {
            configuration = try makeConfiguration(environment)
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data("split-server: error: \(error.description)\n".utf8))
            throw ExitCode(64)
        }
        var logger = Logger(label: "split-server")
        logger.logLevel = configuration.logLevel
        let ending: ServerApplication.Ending
        do {
            ending = try await ServerApplication.run(configuration, logger: logger)
        } catch {
            // Startup failures (database unreachable, migration refused, port taken) as one line.
            let database = configuration.database
            FileHandle.standardError.write(Data(
                "split-server: error: could not start with database \(database.username)@\(database.host):\(database.port)/\(database.database) on \(configuration.host):\(configuration.port): \(String(describing: error).prefix(300))\n".utf8))
            throw ExitCode(69)
        }
        if ending == .timedOut {
            FileHandle.standardError.write(Data(
                "split-server: error: requests were still running when the shutdown timeout of \(configuration.shutdownTimeout) passed; they were cut off\n".utf8))
            throw ExitCode(1)
        }
    }

    struct ConfigurationError: Error, CustomStringConvertible {
        let description: String
    }

    func makeConfiguration(_ environment: [String: String]) throws -> ServerConfiguration {
        var database: DatabaseSettings
        do {
            if let databaseURL {
                database = try DatabaseSettings(url: databaseURL)
            } else {
                database = try DatabaseSettings.fromEnvironment(environment)
            }
        } catch {
            throw ConfigurationError(description: error.description)
        }
        let portText = port.map(String.init) ?? environment["PORT"] ?? "3012"
        guard let portValue = Int(portText), (1...65535).contains(portValue) else {
            throw ConfigurationError(description: "port '\(portText)' is not a port number (1-65535)")
        }
        let levelText = (logLevel ?? environment["LOG_LEVEL"] ?? "info").lowercased()
        guard let level = Logger.Level(rawValue: levelText) else {
            throw ConfigurationError(description: "log level '\(levelText)' is not one of trace, debug, info, notice, warning, error, critical")
        }
        if let poolText = databasePoolSize.map(String.init) ?? environment["DATABASE_POOL_SIZE"] {
            guard let pool = Int(poolText), (1...1000).contains(pool) else {
                throw ConfigurationError(description: "database pool size '\(poolText)' is not a number of connections (1-1000)")
            }
            database.poolSize = pool
        }
        let hostValue = host ?? environment["HOST"] ?? "127.0.0.1"
        guard !hostValue.isEmpty else { throw ConfigurationError(description: "host must not be empty") }
        var configuration = ServerConfiguration(host: hostValue, port: portValue, database: database, logLevel: level)
        if let limitText = sharePageLimit.map(String.init) ?? environment["SHARE_PAGE_LIMIT"] {
            guard let limit = Int(limitText), limit >= 1 else {
                throw ConfigurationError(description: "share page limit '\(limitText)' is not a number of views (1 or more)")
            }
            configuration.sharePageLimit = limit
        }
        if let text = shutdownTimeout ?? environment["SHUTDOWN_TIMEOUT"] {
            guard let seconds = Double(text), seconds.isFinite, (0...3600).contains(seconds) else {
                throw ConfigurationError(description: "shutdown timeout '\(text)' is not a number of seconds (0-3600; 0 exits without draining)")
            }
            configuration.shutdownTimeout = .milliseconds(Int((seconds * 1000).rounded(.up)))
        }
        configuration.connections = try connections.limits(environment)
        configuration.trustedProxies = try connections.proxies(environment)
        return configuration
    }
}
