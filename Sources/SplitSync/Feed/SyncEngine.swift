import SplitCloud
import SplitCore
import SplitStore

/// Syncs one linked trip with split-server: pushes the outbox, pulls what changed, and has
/// the store apply both with the new revision in one transaction.
///
/// One round is one request: `POST …/sync` when operations wait, else `GET …/changes` with
/// `If-None-Match` (a 304 when nothing changed). A round whose answer says `more` fetches
/// the rest of the catch-up before anything is applied, since an item may refer to one on a
/// later page. Merging a conflict may queue an operation again on the server's new base, so
/// rounds repeat while the outbox shrinks: a sync sends everything that waits, a batch of
/// 1,000 operations at a time, and stops only when a round takes nothing.
public struct SyncEngine: Sendable {
    public let store: LocalBackend
    public let client: CloudClient
    public let clock: @Sendable () -> Timestamp

    /// Operations per request: the server's limit.
    public static let batchSize = 1000

    public init(store: LocalBackend, client: CloudClient, clock: @escaping @Sendable () -> Timestamp) {
        self.store = store
        self.client = client
        self.clock = clock
    }

    public func sync(_ trip: TripID) async throws -> SyncReport {
        do {
            return try await run(trip)
        } catch CloudError.notFound {
            throw SyncError.groupGone(trip)
        }
    }

    private func run(_ trip: TripID) async throws -> SyncReport {
        guard let first = try store.link(trip) else {
            throw SyncError.notLinked(trip)
        }
        guard first.syncProtocol == .feed else {
            return try await SnapshotSync(store: store, client: client, clock: clock).sync(trip, link: first)
        }
        // The server's extensions, from the day-long cache as a rule (a request to /health once
        // it is stale). What the device kept of a part the server lacked goes out once the
        // server has it.
        let capabilities = try await client.capabilities()
        let keeps = TripOwnPart.kept(by: capabilities)
        if first.serverKeeps != keeps { try store.serverKeeps(keeps, trip: trip, at: clock()) }
        var report = SyncReport(trip: trip, revision: first.revision)
        var previousPending = Int.max
        // The link is read once (the store's ``LinkCache``); each round's apply answers the
        // revision it left, and fails if the trip was unlinked meanwhile.
        var revision = first.revision
        let group = first.group
        while true {
            let pending = try store.pending(trip, limit: Self.batchSize)
            // A split-server without `recurring` (or `categories`) keeps rules (or the category
            // list) on the device: their operations leave the outbox as if sent.
            let (sendable, kept) = Self.sendable(pending, capabilities)
            let answer: SyncAnswer
            if sendable.isEmpty {
                let page = try await client.changes(group: group, since: revision)
                    ?? (kept.isEmpty ? nil : SyncAnswer(outcomes: [], changes: RemoteChanges(revision: revision, items: []), more: false))
                guard let page else {
                    report.revision = revision
                    report.pending = 0
                    try store.markSynced(trip, at: clock())
                    break
                }
                answer = page
            } else {
                answer = try await client.sync(group: group, since: revision, operations: sendable)
            }
            let changes = try await Self.catchUp(client, group: group, from: answer)
            // The server's limits matter only when expenses came or went.
            let touchesExpenses = !pending.isEmpty || changes.items.contains { if case .expense = $0.key { true } else { false } }
            let server = touchesExpenses ? capabilities.limits : nil
            let outcomes = answer.outcomes + kept.map { OperationOutcome(opID: $0.opID, status: .applied, current: nil, error: nil) }
            let tally = try store.apply(trip: trip, pushed: pending, outcomes: outcomes, changes: changes,
                                        server: server, at: clock())
            report.pushed += tally.applied
            report.pulled += tally.pulled
            report.conflicts += tally.conflicts
            report.held += tally.held
            report.revision = max(revision, changes.revision)
            revision = tally.revision
            let left = tally.pending
            report.pending = left
            // Done when nothing waits; else go on only while the outbox shrinks (a merge
            // queued its result, or more than one batch waited): a change refused again and
            // again waits for the next sync instead of looping here.
            if left == 0 || pending.isEmpty || left >= previousPending { break }
            previousPending = left
        }
        return report
    }

    /// The operations this server takes, and those that stay on the device (recurring rules
    /// on a server without `recurring`, the category list on one without `categories`).
    static func sendable(_ pending: [PendingOperation], _ server: ServerCapabilities)
        -> (sendable: [PendingOperation], kept: [PendingOperation]) {
        func feature(_ operation: PendingOperation) -> ServerCapabilities.Feature? {
            switch operation.operation.item {
            case .recurring: .recurring
            case .categories: .categories
            default: nil
            }
        }
        guard pending.contains(where: { feature($0) != nil }) else { return (pending, []) }
        func kept(_ operation: PendingOperation) -> Bool { feature(operation).map { !server.has($0) } ?? false }
        return (pending.filter { !kept($0) }, pending.filter(kept))
    }

    /// The answer's changes with every following page of the same catch-up.
    static func catchUp(_ client: CloudClient, group: String, from answer: SyncAnswer) async throws -> RemoteChanges {
        var changes = answer.changes
        var more = answer.more
        while more {
            guard let page = try await client.changes(group: group, since: changes.revision) else { break }
            changes.append(page.changes)
            more = page.more
        }
        return changes
    }
}
