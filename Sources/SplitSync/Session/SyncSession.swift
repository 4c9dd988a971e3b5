import SplitCloud
import SplitCore
import SplitStore

/// The client side of sync for one command: made once per run, over the command's store.
///
/// The store's backend lives for the command, so each trip's link is read once (its
/// ``SplitStore/LinkCache``) and shared by the scope, the writer, the engine and the claims;
/// ``access`` builds each client. The command line keeps only what a person sees: one call
/// after a change (``afterChange(_:budget:)``) and its one line.
public struct SyncSession: Sendable {
    public let store: LocalBackend
    public let access: CloudAccess

    public init(store: LocalBackend, access: CloudAccess) {
        self.store = store
        self.access = access
    }

    /// The engine that syncs `link`'s trip with its own server. Makes no request.
    public func engine(for link: TripLink) throws -> SyncEngine {
        SyncEngine(store: store, client: try access.client(for: link), clock: access.now)
    }

    /// Syncs each of `links` in turn.
    public func sync(_ links: [TripLink]) async throws -> [SyncReport] {
        var reports: [SyncReport] = []
        for link in links {
            reports.append(try await engine(for: link).sync(link.trip))
        }
        return reports
    }

    /// What follows you rather than a trip, run after a sync of `links` by every command that
    /// talks to the server anyway, never just to read something: the claims waiting on those
    /// trips ("you" in each trip linked to split-server), and, when `force` (a hand-typed
    /// `split sync`) or the local copy is a day old, the preferences. Returns the lines a
    /// person should read; an unreachable server or a failed step is left for the next sync.
    public func afterSync(_ links: [TripLink], force: Bool) async -> [String] {
        var lines: [String] = []
        // One client per server and account: trips linked by another account claim for that one.
        let byAccount = Dictionary(grouping: links.filter { $0.syncProtocol == .feed }) { $0.server + " " + $0.account }
        for (_, links) in byAccount.sorted(by: { $0.key < $1.key }) {
            guard let client = try? access.client(for: links[0]) else { continue }
            let outcomes = (try? await ClaimSync(backend: store, client: client, account: links[0].account)
                .run(links: links)) ?? []
            for outcome in outcomes {
                guard let refusal = outcome.refusal else { continue }
                let trip = (try? await store.trip(matching: outcome.trip.rawValue).name) ?? outcome.trip.short
                lines.append("\(trip): your claim was not taken: \(refusal); see: split member me --trip \"\(trip)\"")
            }
        }
        if force || access.preferencesDue, let report = try? await access.preferences(force: force) {
            lines += report.lines
        }
        return lines
    }
}
