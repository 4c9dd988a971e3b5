import SplitCore

/// What `trip create` makes: a local trip, or (cloud) one linked to the logged-in server.
public enum BackendMode: String, Codable, Sendable {
    case local
    case cloud
}

/// `config.json`: the mode, the cloud server and the automatic sync setting. Older files
/// also hold per-server notes on cloud trips, from before every trip lived locally; they
/// are ignored.
public struct CloudSettings: Codable, Equatable, Sendable {
    public var mode: BackendMode = .local
    /// The server cloud mode talks to (canonical URL); `SPLIT_SERVER` overrides it.
    public var server: String?
    /// Sent as `deviceId` at login, so the server can tell this machine's tokens apart.
    public var deviceID: String?
    /// `split config set sync.auto off` stores false: no sync after a change to a linked
    /// trip. Nil (the default) means on.
    public var autoSync: Bool?
    /// `split config set me.name NAME`: you, in every trip with a member of that name
    /// (``SplitCore/PersonKey``) that says nothing else about you. A device setting, not a
    /// preference: split-server keeps no such field, and who you are is per device anyway.
    public var meName: String?

    public init() {}
}
