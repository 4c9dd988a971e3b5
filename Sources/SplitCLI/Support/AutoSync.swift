import SplitCloud
import SplitCore
import SplitSync

/// After a command changed a linked trip, one sync within a short budget, so everyone sees
/// the change at once when there is a connection, and nothing waits on it when there is not.
///
/// The sync itself is SplitSync's (``SplitSync/SyncSession/afterChange(_:counted:budget:)``);
/// what stays here is the person's side: whether to skip it (`--offline`, `SPLIT_OFFLINE=1`
/// or `split config set sync.auto off`), the budget (1.5 s, `SPLIT_SYNC_TIMEOUT` in seconds),
/// and the one line on stderr that says what happened and how many changes wait for
/// `split sync` (``Outcome``). Offline, refused or too slow, the command still succeeds.
enum AutoSync {
    static let defaultBudget = 1.5

    /// Syncs the linked trips the command queued changes for (the backend's ``WriteJournal``:
    /// no read when there are none, or when the sync is skipped).
    static func afterChange(_ context: CommandContext) async {
        let queued = context.backend.journal.queued
        guard !queued.isEmpty else { return }
        let trips = queued.map(\.trip), counted = queued.map(\.waiting)
        if let skipped = context.autoSyncSkipped {
            report(context, waiting: context.sync.waiting(trips, counted: counted), skipped)
            return
        }
        let result = await context.sync.afterChange(trips, counted: counted, budget: budget(context.environment))
        for note in result.notes { context.output.note(note) }
        report(context, waiting: result.waiting, Outcome(result.outcome))
        for note in result.accountNotes { context.output.note(note) }
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

        /// What became of a sync that ran.
        init(_ outcome: SyncSession.Outcome) {
            switch outcome {
            case .offline: self = .offline
            case .synced: self = .synced
            case .failed(let reason): self = .failed(reason)
            }
        }
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
