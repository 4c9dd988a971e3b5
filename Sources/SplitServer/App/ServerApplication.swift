import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import PostgresNIO
import ServiceLifecycle
import SplitAPIServer
import SplitJSON

/// Builds the split-server application: a PostgreSQL client run as a service, migrations
/// applied before the server listens, middleware, and the handlers of `openapi.yaml`.
public enum ServerApplication {
    /// The application for `configuration`; run it with `runService()`.
    public static func build(_ configuration: ServerConfiguration, logger: Logger) async throws -> some ApplicationProtocol {
        let client = PostgresClient(configuration: configuration.database.clientConfiguration,
                                    backgroundLogger: logger)
        let database = ServerDatabase(client: client, logger: logger)
        let router = try router(configuration: configuration, database: database, logger: logger)
        var app = Application(
            router: router,
            server: TimedHTTP1Channel.builder(limits: configuration.connections),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "split-server"),
            services: [client],
            logger: logger)
        app.beforeServerStarts {
            try await ServerMigrator(database: database).migrate()
        }
        return app
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
