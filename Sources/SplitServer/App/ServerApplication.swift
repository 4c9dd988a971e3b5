import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import PostgresNIO
import ServiceLifecycle
import SplitAPIServer
import SplitJSON
import Synchronization

/// Builds the split-server application: a PostgreSQL client run as a service, migrations
/// applied before the server listens, middleware, and the handlers of `openapi.yaml`.
public enum ServerApplication {
    /// The application for `configuration`; run it with `runService()`.
    public static func build(
        _ configuration: ServerConfiguration, logger: Logger,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) async throws -> some ApplicationProtocol {
        let client = PostgresClient(configuration: configuration.database.clientConfiguration,
                                    backgroundLogger: logger)
        var pooled = ServerDatabase(client: client, logger: logger)
        pooled.waitLimit = configuration.databaseWaitLimit
        let database = pooled
        let router = try router(configuration: configuration, database: database, logger: logger)
        var app = Application(
            router: router,
            server: TimedHTTP1Channel.builder(limits: configuration.connections),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "split-server"),
            services: [client],
            onServerRunning: onServerRunning,
            logger: logger)
        app.beforeServerStarts {
            try await ServerMigrator(database: database).migrate()
        }
        return app
    }

    /// How a run of the server ended, after it had started.
    public enum Ending: Sendable, Equatable {
        /// Drained within the shutdown timeout (or stopped without draining, when it is zero).
        case drained
        /// The shutdown timeout passed with requests still running; they were cut off.
        case timedOut
    }

    /// Builds the application and runs it until SIGTERM or SIGINT, then drains it within
    /// ``ServerConfiguration/shutdownTimeout``: Hummingbird stops accepting, closes idle
    /// connections at once and the others after their answer in flight (which then says
    /// `Connection: close`, see ``QuiesceCloseHandler``); the PostgreSQL pool, the first service,
    /// is shut down last, once no request needs it. Errors before the server listened (database
    /// unreachable, migration refused, port taken) are thrown as they are.
    public static func run(_ configuration: ServerConfiguration, logger: Logger) async throws -> Ending {
        let running = Mutex(false)
        let app = try await build(configuration, logger: logger) { _ in running.withLock { $0 = true } }
        var group = ServiceGroupConfiguration(services: [app], logger: logger)
        group.gracefulShutdownSignals = [.sigterm, .sigint]
        group.maximumGracefulShutdownDuration = configuration.shutdownTimeout
        // Ends the process if the drain overruns, or at once for a timeout of zero (no drain).
        let watchdog = ShutdownWatchdog(timeout: configuration.shutdownTimeout)
        defer { withExtendedLifetime(watchdog) {} }
        do {
            try await ServiceGroup(configuration: group).run()
            return .drained
        } catch {
            guard running.withLock({ $0 }) else { throw error }
            logger.warning("shutdown did not finish within the shutdown timeout", metadata: ["error": "\(error)"])
            return .timedOut
        }
    }

    /// The router alone, for in-process tests and for ``build(_:logger:)``.
    static func router(configuration: ServerConfiguration, database: ServerDatabase, logger: Logger) throws
        -> Router<ServerRequestContext> {
        let services = ServerServices(configuration: configuration, database: database)
        let router = Router(context: ServerRequestContext.self)
        // First: everything after it, the test facade's limits too, sees the client's address.
        if !configuration.trustedProxies.ranges.isEmpty {
            router.add(middleware: ClientAddressMiddleware(proxies: configuration.trustedProxies))
        }
        // Outermost of what answers: a test facade answers before anything else and sees final responses.
        configuration.facade?.install(on: router)
        router.add(middleware: JSONErrorMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBytes: configuration.maxBodyBytes))
        router.add(middleware: AuthMiddleware(users: services.users))
        router.add(middleware: StrictJSONMiddleware())
        router.add(middleware: RevisionHeaderMiddleware())
        router.add(middleware: IdempotencyMiddleware(database: database, now: services.dependencies.now,
                                                     waitLimit: configuration.idempotencyWaitLimit,
                                                     faultBeforeStoring: configuration.idempotencyFault))
        let handler = APIHandler(services: services, port: configuration.port)
        let transport = FilteringTransport(router: router, served: [ExpenseListRoute.operationPath, SharePageRoute.operationPath])
        try handler.registerHandlers(on: transport, configuration: .init(jsonEncodingOptions: []))
        ExpenseListRoute(services: services).register(on: router)
        SharePageRoute(services: services).register(on: router)
        return router
    }
}
