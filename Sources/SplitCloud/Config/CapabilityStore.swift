import SplitCore

/// What each server offered at its last `/health`, kept in `servers.json` beside `config.json`,
/// so that later commands ask `/health` at most once a day per server instead of once per
/// process: a hand-typed `split sync` with nothing to do is then the feed and the preferences,
/// two requests.
///
/// It is a cache: a missing, unreadable or day-old entry is asked again, and a file that cannot
/// be written only costs that request next time.
public struct CapabilityStore: Sendable {
    /// How long an answer is trusted: a server gains features only by an upgrade.
    public static let lifetimeMilliseconds: Int64 = 24 * 60 * 60 * 1000

    public let path: String

    public init(path: String) {
        self.path = path
    }

    struct Entry: Codable, Equatable {
        var features: [String]
        var isSplitServer: Bool
        var checkedAt: String
    }

    /// The capabilities `server` (its URL) had within the last day, or nil.
    public func load(server: String, now: Timestamp) -> ServerCapabilities? {
        guard let entries = try? PrivateFile.readJSON([String: Entry].self, from: path, invalid: "not a servers file"),
              let entry = entries[server], let checked = Timestamp(iso8601: entry.checkedAt),
              checked <= now, now.millisecondsSince1970 - checked.millisecondsSince1970 < Self.lifetimeMilliseconds else {
            return nil
        }
        return ServerCapabilities(features: Set(entry.features.compactMap(ServerCapabilities.Feature.init(rawValue:))),
                                  isSplitServer: entry.isSplitServer)
    }

    /// Keeps `capabilities` as `server`'s, asked at `now`; a file that cannot be written is left.
    public func save(_ capabilities: ServerCapabilities, server: String, now: Timestamp) {
        var entries = (try? PrivateFile.readJSON([String: Entry].self, from: path, invalid: "not a servers file")) ?? [:]
        entries[server] = Entry(features: capabilities.features.map(\.rawValue).sorted(),
                                isSplitServer: capabilities.isSplitServer, checkedAt: now.iso8601)
        try? PrivateFile.writeJSON(entries, to: path)
    }
}

extension ConfigFiles {
    /// Each server's last `/health` answer (``CapabilityStore``).
    public var capabilitiesPath: String { directory + "/servers.json" }
    public var capabilities: CapabilityStore { CapabilityStore(path: capabilitiesPath) }
}

/// Where a ``CloudClient`` keeps its server's capabilities between processes.
public struct CapabilityCache: Sendable {
    let load: @Sendable () -> ServerCapabilities?
    let save: @Sendable (ServerCapabilities) -> Void

    /// `store`'s entry for `server`, dated by `now`.
    public static func file(_ store: CapabilityStore, server: ServerAddress,
                            now: @escaping @Sendable () -> Timestamp) -> CapabilityCache {
        CapabilityCache(load: { store.load(server: server.url, now: now()) },
                        save: { store.save($0, server: server.url, now: now()) })
    }
}
