import SplitCloud
import SplitCore

/// Keeps the local copy of the account's preferences and split-server's `/api/preferences`
/// in step: the seed plan's write-through cache, on a command line.
///
/// - Changes made here (``PreferenceCopy/pending``) are sent with the time they were made,
///   so the server keeps the later write of each key.
/// - The copy is fetched again when asked (`split sync`, `login`) or when it is older than a
///   day and the command talks to the server anyway; never only to read a value.
/// - A value the server now holds that differs from the copy was set on another device (or
///   won over this one's older write): the report says so, key by key.
/// - A change the server refuses goes back to the server's value; the report gives the reason.
/// - A server without the `preferences` feature (the Node server) leaves the copy local.
public struct PreferenceSync: Sendable {
    public let store: PreferenceStore
    public let client: CloudClient
    /// The account the client is logged in as (``PreferenceCopy/account(server:user:)``).
    public let account: String
    public let clock: @Sendable () -> Timestamp

    public init(store: PreferenceStore, client: CloudClient, account: String, clock: @escaping @Sendable () -> Timestamp) {
        self.store = store
        self.client = client
        self.account = account
        self.clock = clock
    }

    /// What a run did.
    public struct Report: Sendable {
        /// Keys whose value came from another device, with the value now held (nil: unset).
        public var changedElsewhere: [(key: PreferenceKey, value: String?)] = []
        /// Changes made here that the server refused, with its reason; the copy holds the server's value again.
        public var refused: [(key: PreferenceKey, reason: String)] = []
        /// Keys this run sent and the server took.
        public var sent: [PreferenceKey] = []
        /// The server has no preferences: the copy stays on this device.
        public var localOnly = false
        /// Whether the copy was fetched (revalidated).
        public var fetched = false

        public init() {}

        /// One line per thing a person should know, e.g.
        /// `default.currency is now EUR (set on another device)`.
        public var lines: [String] {
            changedElsewhere.map { "\($0.key.rawValue) is now \($0.value ?? "unset") (set on another device)" }
                + refused.map { "\($0.key.rawValue): the server refused the change: \($0.reason)" }
        }
    }

    /// Sends what waits, then revalidates when `force` is set or the copy is stale.
    public func run(force: Bool) async throws -> Report {
        var report = Report()
        var copy = try store.load()
        let newAccount = copy.account != account
        guard try await client.capabilities().has(.preferences) else {
            report.localOnly = true
            return report
        }
        // Another account's copy: its values are not this account's, and its waiting changes
        // were meant for that account. A copy that never had an account carries over.
        if newAccount && copy.account != nil { copy = PreferenceCopy() }
        let known = copy.preferences
        var server: Preferences?
        for key in copy.pendingKeys {
            let value = copy.preferences[key]
            let at = copy.setTime(key) ?? clock()
            let sent: Result<AccountPreferences, CloudError>
            do { sent = .success(try await client.updatePreferences([key: value], setAt: at)) } catch { sent = .failure(error) }
            switch sent {
            case .success(let answer):
                server = answer.preferences
                report.sent.append(key)
            case .failure(.refused(_, let detail)):
                report.refused.append((key, detail))
                copy.pending.removeAll { $0 == key.rawValue }
            case .failure(let error):
                throw error
            }
        }
        if server == nil || !report.refused.isEmpty || force || newAccount || copy.isStale(at: clock()) {
            server = try await client.preferences().preferences
            report.fetched = true
        }
        guard let server else { return report }
        let sentKeys = Set(report.sent)
        // Told only when the copy had been revalidated before: a first fetch just fills it.
        if copy.lastFetched != nil && !newAccount {
            for key in server.changedKeys(from: known) where !report.refused.contains(where: { $0.key == key }) {
                report.changedElsewhere.append((key, server[key]))
            }
        } else {
            for key in sentKeys where server[key] != known[key] { report.changedElsewhere.append((key, server[key])) }
        }
        let fetchedAt = clock().iso8601
        let fetched = report.fetched
        try store.update { latest in
            // A `config set` that ran meanwhile keeps its newer, still waiting value.
            let stillWaiting = Set(latest.pending).subtracting(sentKeys.map(\.rawValue))
                .subtracting(report.refused.map(\.key.rawValue))
            if latest.account != account && latest.account != nil { latest = PreferenceCopy() }
            latest.account = account
            for key in PreferenceKey.allCases where !stillWaiting.contains(key.rawValue) {
                latest.values[key.rawValue] = server[key]
            }
            latest.pending = latest.pending.filter { stillWaiting.contains($0) }
            if fetched || latest.fetchedAt == nil { latest.fetchedAt = fetchedAt }
        }
        return report
    }
}
