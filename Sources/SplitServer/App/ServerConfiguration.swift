import Logging

/// Everything `split-server` needs to start, read from flags and the environment by the
/// executable and passed in whole, so tests build the same application with their own values.
public struct ServerConfiguration: Sendable {
    /// Address to listen on; loopback unless told otherwise.
    public var host: String
    public var port: Int
    public var database: DatabaseSettings
    public var logLevel: Logger.Level
    /// Largest request body accepted, in bytes; larger ones get a 413. A 1,000-expense
    /// from-local upload is about 400 KB.
    public var maxBodyBytes: Int
    /// bcrypt cost for new password hashes; 12 as on the Node server.
    public var bcryptCost: UInt8
    /// How long a login token stays valid.
    public var tokenLifetimeSeconds: Int
    /// Read-only page views (`GET /s/{token}`) allowed per client IP per minute.
    public var sharePageLimit: Int
    /// Request timeouts and the cap on open connections.
    public var connections = ConnectionLimits.defaults
    /// Proxies whose `X-Forwarded-For` names the client; none by default.
    public var trustedProxies = TrustedProxies()
    /// How long a SIGTERM or SIGINT may take to drain: the server stops accepting, answers the
    /// requests it has read, closes its pool and exits. Zero means no drain: the signal ends
    /// the process at once, cutting off requests in flight (for comparison runs only).
    public var shutdownTimeout: Duration = .seconds(10)
    /// How long a request waits for a database connection before a 503 (``ServerDatabase/waitLimit``).
    public var databaseWaitLimit: Duration = .seconds(5)
    /// The clock and id source; tests pin them.
    public var dependencies: ServerDependencies
    /// A layer around the server for client tests (the Node imitation); nil in production.
    public var facade: (any ServerFacade)?
    /// A failure injected between an idempotent request's write and the storing of its
    /// response, for tests that the two commit together; nil in production, and no flag sets it.
    var idempotencyFault: (@Sendable () throws -> Void)?
    /// How long a repeated `Idempotency-Key` waits for the first request before a 409; tests
    /// shorten it.
    var idempotencyWaitLimit: Duration = .seconds(30)

    public init(
        host: String = "127.0.0.1", port: Int = 3012, database: DatabaseSettings,
        logLevel: Logger.Level = .info, maxBodyBytes: Int = 8 << 20, bcryptCost: UInt8 = 12,
        tokenLifetimeSeconds: Int = 30 * 24 * 3600, sharePageLimit: Int = 300, dependencies: ServerDependencies = .system,
        facade: (any ServerFacade)? = nil
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.logLevel = logLevel
        self.maxBodyBytes = maxBodyBytes
        self.bcryptCost = bcryptCost
        self.tokenLifetimeSeconds = tokenLifetimeSeconds
        self.sharePageLimit = sharePageLimit
        self.dependencies = dependencies
        self.facade = facade
    }
}
