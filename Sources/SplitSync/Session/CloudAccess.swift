import SplitCloud
import SplitCore
import SplitStore

/// How one run reaches servers: the config files, the settings and environment it read, the
/// run's clock and ids, and where a wait is told. Made once per command; it makes clients the
/// way every command should (the standard retry policy, idempotency keys from the run's ids,
/// `/health` kept for a day) and makes no request of its own.
///
/// It holds no database: the account commands (`login`, `config set`) use it alone, and a
/// ``SyncSession`` adds the local store.
public struct CloudAccess: Sendable {
    public let files: ConfigFiles
    public let settings: CloudSettings
    public let environment: [String: String]
    public let ids: IDGenerator
    public let now: @Sendable () -> Timestamp
    /// Where a wait (a rate limit) is told, so a long one is never silent: a line on stderr.
    public let notice: @Sendable (String) -> Void

    public init(files: ConfigFiles, settings: CloudSettings, environment: [String: String], ids: IDGenerator,
                now: @escaping @Sendable () -> Timestamp, notice: @escaping @Sendable (String) -> Void) {
        self.files = files
        self.settings = settings
        self.environment = environment
        self.ids = ids
        self.now = now
        self.notice = notice
    }

    /// A client of `server`; `notice` replaces the run's (a progress bar clears its line first).
    public func client(server: ServerAddress, token: String?, capabilities: CapabilityCache? = nil,
                       notice: (@Sendable (String) -> Void)? = nil) -> CloudClient {
        let transport = CloudTransport(server: server, notice: notice ?? self.notice)
        return CloudClient(transport: transport, token: token, ids: ids, capabilities: capabilities)
    }

    /// The server's `/health` answer kept in the config folder for a day (``CapabilityStore``):
    /// what syncs use, so a sync with nothing to do asks only the feed and the preferences.
    public func capabilities(server: ServerAddress) -> CapabilityCache {
        .file(files.capabilities, server: server, now: now)
    }

    /// A client of the server `link` was made on (whatever the mode says), with the token
    /// `split login` saved for it, or `SPLIT_TOKEN`.
    public func client(for link: TripLink) throws -> CloudClient {
        let server = try ServerAddress(link.server)
        return client(server: server, token: try token(for: server), capabilities: capabilities(server: server))
    }

    /// `SPLIT_TOKEN`, else the token saved for `server`.
    public func token(for server: ServerAddress) throws -> String {
        if let token = environment["SPLIT_TOKEN"], !token.isEmpty { return token }
        guard let saved = try files.credentials.credential(for: server) else {
            throw CloudError.notLoggedIn(server: server.url)
        }
        return saved.token
    }

    /// The logged-in session, or nil: read from the files alone.
    public var session: CloudSession? {
        try? CloudSession.resume(files: files, settings: settings, environment: environment)
    }

    /// The logged-in server and a client for it, with the account id: what linking a trip
    /// needs (`trip create --cloud`, `trip pull`, `join`).
    public func account() async throws -> (client: CloudClient, account: String) {
        let session = try CloudSession.resume(files: files, settings: settings, environment: environment)
        let client = client(server: session.server, token: session.token)
        return (client, try await accountID(of: session, client: client))
    }

    /// The account's user id from the saved login when its token is the one `session` uses;
    /// nil for another token (a `SPLIT_TOKEN` without a saved login), which only the server
    /// can name.
    public func savedAccountID(of session: CloudSession) throws -> String? {
        guard let saved = try files.credentials.credential(for: session.server), saved.token == session.token else {
            return nil
        }
        return saved.userID
    }

    /// The account's user id: saved, else asked of the server once (`GET /auth/me`).
    private func accountID(of session: CloudSession, client: CloudClient) async throws -> String {
        if let saved = try savedAccountID(of: session) { return saved }
        return try await client.me().id
    }

    /// Whether the local copy of the preferences has changes to send or is a day old: checked
    /// on the file alone, so an automatic sync makes no request for preferences on other days.
    public var preferencesDue: Bool {
        guard let copy = try? files.preferences.load() else { return false }
        return !copy.pending.isEmpty || copy.isStale(at: now())
    }

    /// Sends waiting preference changes to the logged-in server and revalidates the copy when
    /// `force` or stale. Nil when nobody is logged in (the copy stays local).
    public func preferences(force: Bool) async throws -> PreferenceSync.Report? {
        guard let session else { return nil }
        let client = client(server: session.server, token: session.token, capabilities: capabilities(server: session.server))
        // `/health` first: it costs no rate-limit budget, and the Node server (whose `/auth`
        // routes allow 10 requests per 15 minutes) has no preferences to ask for an account's.
        guard try await client.capabilities().has(.preferences) else {
            // Noted as a visit, so the daily rule asks again only tomorrow.
            try files.preferences.update { $0.fetchedAt = now().iso8601 }
            var report = PreferenceSync.Report()
            report.localOnly = true
            return report
        }
        let user = try await accountID(of: session, client: client)
        let sync = PreferenceSync(store: files.preferences, client: client,
                                  account: PreferenceCopy.account(server: session.server.url, user: user), clock: now)
        return try await sync.run(force: force)
    }
}
