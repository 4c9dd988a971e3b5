import SplitCloud
import SplitCore
import SplitStore
import SplitSync

/// What follows you rather than a trip: your claims ("you" in each trip linked to split-server)
/// and your preferences. Run after a sync, in the same run, by every command that talks to
/// the server anyway; never just to read something.
enum AccountSync {
    /// Sends the claims waiting for `trips` (linked to `link`'s server), and, when that server
    /// is the logged-in one, the preferences: revalidated when `force` (a hand-typed `split
    /// sync`, `login`) or when the local copy is older than a day. Returns the lines a person
    /// should read; an unreachable server or a failed step is left for the next sync.
    static func afterSync(_ context: CommandContext, trips: [TripID], force: Bool) async -> [String] {
        var lines: [String] = []
        // One client per server and account: trips linked by another account claim for that one.
        var byAccount: [String: [TripLink]] = [:]
        for trip in trips {
            guard let link = try? context.syncStore.link(trip), link.syncProtocol == .feed else { continue }
            byAccount[link.server + " " + link.account, default: []].append(link)
        }
        for (_, links) in byAccount.sorted(by: { $0.key < $1.key }) {
            guard let client = try? SyncConnector.client(for: links[0], context: context) else { continue }
            let outcomes = (try? await ClaimSync(backend: context.backend, client: client, account: links[0].account)
                .run(links: links)) ?? []
            for outcome in outcomes {
                guard let refusal = outcome.refusal else { continue }
                let trip = (try? await context.backend.trip(matching: outcome.trip.rawValue).name) ?? outcome.trip.short
                lines.append("\(trip): your claim was not taken: \(refusal); see: split member me --trip \"\(trip)\"")
            }
        }
        if force || preferencesDue(context), let report = try? await preferences(context, force: force) {
            lines += report.lines
        }
        return lines
    }

    /// Whether an account is logged in (or `SPLIT_TOKEN` names one): checked on the files alone.
    static func loggedIn(_ context: CommandContext) -> Bool {
        (try? CloudSession.resume(files: context.files, settings: context.settings, environment: context.environment)) != nil
    }

    /// Whether the local copy has changes to send or is a day old: checked on the file alone,
    /// so an automatic sync makes no request for preferences on other days.
    static func preferencesDue(_ context: CommandContext) -> Bool {
        guard let copy = try? context.files.preferences.load() else { return false }
        return !copy.pending.isEmpty || copy.isStale(at: context.clock.now())
    }

    /// Sends waiting preference changes to the logged-in server and revalidates the copy when
    /// `force` or stale. Nil when nobody is logged in (the copy stays local).
    static func preferences(_ context: CommandContext, force: Bool) async throws -> PreferenceSync.Report? {
        try await preferences(files: context.files, settings: context.settings, environment: context.environment,
                              ids: context.dependencies.ids, output: context.output, clock: context.clock, force: force)
    }

    static func preferences(files: ConfigFiles, settings: CloudSettings, environment: [String: String], ids: IDGenerator,
                            output: Output, clock: Clock, force: Bool) async throws -> PreferenceSync.Report? {
        guard let session = try? CloudSession.resume(files: files, settings: settings, environment: environment) else {
            return nil
        }
        let client = CloudConnector.client(server: session.server, token: session.token, ids: ids, output: output,
                                           capabilities: CloudConnector.capabilities(files, server: session.server, clock: clock))
        // `/health` first: it costs no rate-limit budget, and the Node server (whose `/auth`
        // routes allow 10 requests per 15 minutes) has no preferences to ask for an account's.
        guard try await client.capabilities().has(.preferences) else {
            // Noted as a visit, so the daily rule asks again only tomorrow.
            try files.preferences.update { $0.fetchedAt = clock.now().iso8601 }
            var report = PreferenceSync.Report()
            report.localOnly = true
            return report
        }
        let user: String
        if let saved = try files.credentials.credential(for: session.server), saved.token == session.token {
            user = saved.userID
        } else {
            user = try await client.me().id
        }
        let sync = PreferenceSync(store: files.preferences, client: client,
                                  account: PreferenceCopy.account(server: session.server.url, user: user),
                                  clock: { clock.now() })
        return try await sync.run(force: force)
    }
}
