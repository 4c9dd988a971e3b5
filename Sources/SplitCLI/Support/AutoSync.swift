import Foundation
import SplitCloud
import SplitCore
import SplitStore
import SplitSync

/// After a command changed a linked trip, one sync within a short budget, so everyone sees
/// the change at once when there is a connection, and nothing waits on it when there is not.
///
/// The budget is 1.5 s (`SPLIT_SYNC_TIMEOUT`, in seconds). Offline, refused or too slow, the
/// command still succeeds, and one line on stderr says what happened and how many changes
/// wait for `split sync` (``Outcome``). `--offline`, `SPLIT_OFFLINE=1` or
/// `split config set sync.auto off` skip it.
///
/// A sync cut off by the budget is safe to abandon: the store applies an answer in one
/// transaction (a process ending mid-way rolls it back), and the next sync sends the same
/// operation ids, which the server does not apply twice.
enum AutoSync {
    static let defaultBudget = 1.5

    /// Syncs the linked trips the command queued changes for (the backend's ``WriteJournal``:
    /// no read when there are none, or when the sync is skipped).
    static func afterChange(_ context: CommandContext) async {
        let queued = context.backend.journal.queued
        guard !queued.isEmpty else { return }
        let trips = queued.map(\.trip)
        if let skipped = skipReason(context) {
            report(context, waiting: waiting(context, queued), skipped)
            return
        }
        let budget = self.budget(context.environment)
        // Wall time, not the command's clock: SPLIT_NOW fixes that one, and the budget is real seconds.
        let started = ContinuousClock.now
        let outcome = await Deadline.run(seconds: budget) {
            var reports: [SyncReport] = []
            for trip in trips {
                guard let link = try context.syncStore.link(trip) else { continue }
                reports.append(try await SyncConnector.engine(for: link, context: context).sync(trip))
            }
            return reports
        }
        switch outcome {
        case .finished(.success(let reports)):
            let conflicts = reports.reduce(0) { $0 + $1.conflicts }
            if conflicts > 0 {
                context.output.note("split: sync found \(conflicts) conflict\(conflicts == 1 ? "" : "s"); see: split conflicts")
            }
            let held = reports.reduce(0) { $0 + $1.held }
            if held > 0 {
                context.output.note("split: the server holds \(held) item\(held == 1 ? "" : "s") split cannot use; see: split conflicts")
            }
            report(context, waiting: reports.reduce(0) { $0 + $1.pending }, .synced)
            // Claims waiting, and preferences when the copy is a day old: the server is being
            // talked to anyway. Quiet unless something changed.
            let elapsed = ContinuousClock.now - started
            let left = budget - elapsed / .seconds(1)
            if case .finished(.success(let lines)) = await Deadline.run(seconds: max(0.1, left), {
                await AccountSync.afterSync(context, trips: trips, force: false)
            }) {
                for line in lines { context.output.note("split: " + line) }
            }
        case .finished(.failure(let error)):
            if case CloudError.unreachable? = error as? CloudError {
                report(context, waiting: waiting(context, queued), .offline)
            } else {
                report(context, waiting: waiting(context, queued),
                       .failed((error as? UserFacingError)?.message ?? String(describing: error)))
            }
        case .timedOut:
            // No answer within the budget: a server that cannot be reached retries until it
            // runs out, so to the person this is being offline.
            report(context, waiting: waiting(context, queued), .offline)
        }
    }

    /// What became of the automatic sync, for the one line that says so.
    enum Outcome: Equatable {
        /// The server could not be reached within the budget, or the person said so
        /// (`--offline`, `SPLIT_OFFLINE`).
        case offline
        /// `sync.auto off`.
        case turnedOff
        /// It ran; changes may still wait (refused ones, or more than one round's worth).
        case synced
        /// The server answered with an error (not an unreachable server: that is `offline`).
        case failed(String)
    }

    /// Why the automatic sync is off, or nil.
    static func skipReason(_ context: CommandContext) -> Outcome? {
        skipReason(offline: context.offlineFlag, environment: context.environment, settings: context.settings)
    }

    /// Why the automatic sync is off, or nil: known before the command runs.
    static func skipReason(offline: Bool, environment: [String: String], settings: CloudSettings) -> Outcome? {
        if offline { return .offline }
        if offlineRequested(environment) { return .offline }
        if settings.autoSync == false { return .turnedOff }
        return nil
    }

    /// `SPLIT_OFFLINE` set to anything but empty or 0: the person asked for no network now.
    static func offlineRequested(_ environment: [String: String]) -> Bool {
        guard let value = environment["SPLIT_OFFLINE"] else { return false }
        return !value.isEmpty && value != "0"
    }

    static func budget(_ environment: [String: String]) -> Double {
        guard let text = environment["SPLIT_SYNC_TIMEOUT"], let seconds = Double(text), seconds >= 0, seconds <= 600 else {
            return defaultBudget
        }
        return seconds
    }

    /// One line when changes still wait: `offline: 3 changes wait for split sync` only when
    /// the server could not be reached (or the person chose offline); otherwise what happened,
    /// e.g. `sync failed: …; 1 change waits for split sync`.
    /// What waits for the queued trips: as the writes counted it, else (a sync was to follow,
    /// and did not finish) counted now, once.
    private static func waiting(_ context: CommandContext, _ queued: [(trip: TripID, waiting: Int?)]) -> Int {
        queued.reduce(0) { $0 + ($1.waiting ?? (try? context.syncStore.pendingCount($1.trip)) ?? 0) }
    }

    private static func report(_ context: CommandContext, waiting: Int, _ outcome: Outcome) {
        guard waiting > 0 else { return }
        let what = "\(waiting) change\(waiting == 1 ? "" : "s") wait\(waiting == 1 ? "s" : "") for split sync"
        switch outcome {
        case .offline: context.output.note("offline: \(what)")
        case .turnedOff: context.output.note("sync.auto is off: \(what)")
        case .synced: context.output.note("synced; \(what)")
        case .failed(let reason): context.output.note("sync failed: \(reason); \(what)")
        }
    }

}
