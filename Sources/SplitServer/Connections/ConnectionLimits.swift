#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long a client may take over a request and how many connections may be open at once:
/// the one home of these limits and their defaults, read by `split-server`'s flags, its
/// environment and the tests.
///
/// They exist against slow clients (slowloris): without them a connection that sends half a
/// request and stops holds a file descriptor for ever, and a few thousand such connections from
/// one machine leave the server no descriptor for anyone else or for PostgreSQL.
public struct ConnectionLimits: Sendable, Equatable {
    /// The request line and headers must arrive within this time of their first byte (of the
    /// connection's start, for its first request).
    public var headerTimeout: Duration
    /// After its headers, a body must keep arriving at this many bytes per second on average,
    /// over an allowance of ``headerTimeout``: a body of B bytes may take
    /// `headerTimeout + B / minBodyRate` seconds.
    public var minBodyRate: Int
    /// A keep-alive connection with no request in progress is closed after this time.
    public var idleTimeout: Duration
    /// Connections open at once; past it a new connection is closed as soon as it is accepted.
    public var maxConnections: Int

    /// The defaults: 10 s for headers, 1 KiB/s for bodies, 60 s idle, and a cap of 80% of the
    /// process's file limit (the rest stays for PostgreSQL connections and the server's files).
    public init(headerTimeout: Duration = .seconds(10), minBodyRate: Int = 1024, idleTimeout: Duration = .seconds(60),
                maxConnections: Int = Self.defaultMaxConnections(fileLimit: Self.fileLimit())) {
        self.headerTimeout = headerTimeout
        self.minBodyRate = minBodyRate
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }

    /// The values a server gets when nothing is set.
    public static let defaults = ConnectionLimits()

    /// The share of the file limit that connections may take, in percent.
    public static let fileLimitPercent = 80

    /// The default cap for a process that may open `fileLimit` files.
    public static func defaultMaxConnections(fileLimit: Int) -> Int {
        max(1, fileLimit * fileLimitPercent / 100)
    }

    /// The process's soft limit of open files (`ulimit -n`, `RLIMIT_NOFILE`).
    public static func fileLimit() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        // An unlimited (or unreadable) limit is taken as a large finite one.
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        return Int(min(limit.rlim_cur, rlim_t(Int32.max)))
    }
}
