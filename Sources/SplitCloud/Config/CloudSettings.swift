import SplitCore

/// Which backend commands use.
public enum BackendMode: String, Codable, Sendable {
    case local
    case cloud
}

/// `config.json`: the mode, the cloud server, and what this machine remembers per server
/// (the current trip, and each trip's name and currency, which groups do not store).
public struct CloudSettings: Codable, Equatable, Sendable {
    /// What is remembered about one cloud trip.
    public struct TripNote: Codable, Equatable, Sendable {
        public var name: String
        /// ISO 4217 code: the trip's default currency, chosen at `trip create` or inferred.
        public var currency: String

        public init(name: String, currency: String) {
            self.name = name
            self.currency = currency
        }
    }

    /// Per-server state, keyed by the canonical URL in ``servers``.
    public struct ServerState: Codable, Equatable, Sendable {
        public var currentTrip: String?
        public var trips: [String: TripNote] = [:]

        public init() {}
    }

    public var mode: BackendMode = .local
    /// The server cloud mode talks to (canonical URL); `SPLIT_SERVER` overrides it.
    public var server: String?
    /// Sent as `deviceId` at login, so the server can tell this machine's tokens apart.
    public var deviceID: String?
    public var servers: [String: ServerState] = [:]
    /// `split config set sync.auto off` stores false: no sync after a change to a linked
    /// trip. Nil (the default) means on.
    public var autoSync: Bool?

    public init() {}

    public func state(for server: ServerAddress) -> ServerState { servers[server.url] ?? ServerState() }
}
