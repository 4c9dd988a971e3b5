import SplitCore

/// This device's copy of the account's preferences (`preferences.json`), read by every
/// command so that no command waits on the network to know a default.
///
/// Keys are ``PreferenceKey`` names (`default.currency`). A value that no longer reads (an
/// edited file, a currency since removed) counts as unset, never as an error.
public struct PreferenceCopy: Codable, Equatable, Sendable {
    /// Whose preferences these are: ``account(server:user:)`` of the account last revalidated
    /// against, or nil when they were only ever set on this device.
    public var account: String?
    public var values: [String: String] = [:]
    /// When each key was last set here (ISO 8601): sent along, so the later write wins.
    public var setAt: [String: String] = [:]
    /// Keys set here that the server has not taken yet.
    public var pending: [String] = []
    /// When the copy was last revalidated against the server (ISO 8601).
    public var fetchedAt: String?

    public init() {}

    /// The account key for a server and user id.
    public static func account(server: String, user: String) -> String { server + " " + user }

    /// The values, each in canonical form; unreadable ones left out.
    public var preferences: Preferences {
        var preferences = Preferences()
        for key in PreferenceKey.allCases {
            if let raw = values[key.rawValue], let value = try? key.normalize(raw) { preferences[key] = value }
        }
        return preferences
    }

    public var pendingKeys: [PreferenceKey] { PreferenceKey.allCases.filter { pending.contains($0.rawValue) } }

    public var lastFetched: Timestamp? { fetchedAt.flatMap { Timestamp(iso8601: $0) } }

    public func setTime(_ key: PreferenceKey) -> Timestamp? { setAt[key.rawValue].flatMap { Timestamp(iso8601: $0) } }

    /// A change made on this device: kept at once, and marked to send.
    public mutating func set(_ key: PreferenceKey, _ value: String?, at: Timestamp) {
        values[key.rawValue] = value
        setAt[key.rawValue] = at.iso8601
        if !pending.contains(key.rawValue) { pending.append(key.rawValue) }
        pending.sort()
    }

    /// Whether the copy is older than `maxAge` milliseconds at `now` (or was never fetched).
    public func isStale(at now: Timestamp, maxAgeMilliseconds: Int64 = PreferenceCopy.maxAge) -> Bool {
        guard let fetched = lastFetched else { return true }
        return now.millisecondsSince1970 - fetched.millisecondsSince1970 >= maxAgeMilliseconds
    }

    /// Revalidated once a day by a command that talks to the server anyway (the seed plan's TTL).
    public static let maxAge: Int64 = 24 * 60 * 60 * 1000
}
