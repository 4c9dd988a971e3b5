import Foundation
import SplitCloud
import SplitCore
import SplitStore
import SplitSync

/// Everything a command needs: the backend, the clock, id generation and output.
///
/// Commands build one with ``make(_:)`` and then only talk to it. Every trip lives in the
/// local SQLite file, so the backend is always the local one; a trip linked to a cloud group
/// also syncs (``AutoSync``, `split sync`), and `split mode cloud` only makes new trips
/// linked.
struct CommandContext: Sendable {
    let backend: LocalBackend
    /// The local database the backend works on.
    let database: SplitDatabase
    let dependencies: Dependencies
    let output: Output
    let tripReference: String?
    let environment: [String: String]
    let files: ConfigFiles
    let settings: CloudSettings
    /// Why no automatic sync follows a change (`--offline`, `SPLIT_OFFLINE`, `sync.auto off`),
    /// or nil: known before the command runs, decided once.
    let autoSyncSkipped: AutoSync.Outcome?
    /// The trip the command works on, read once (``scope()``).
    let scopeCache = ScopeCache()
    /// The automatic catch-up of recurring expenses, for `recurring run` to report.
    let catchUp = CatchUpBox()
    /// The command's one sync session: over ``backend``, so each linked trip's link is read once.
    let sync: SyncSession

    static func make(_ options: GlobalOptions) throws -> CommandContext {
        let io = CommandIO.current
        let environment = io.environment
        let output = Output(json: options.json, io: io)
        let files = ConfigFiles(environment: environment)
        let settings = try files.settings.load()
        let dependencies = Dependencies.of(io)
        let path = DatabaseLocation.resolve(flag: options.db, io: io)
        let database = try SplitDatabase(path: path, trace: Self.sqlTrace(io))
        let skipped = AutoSync.skipReason(offline: options.offline, environment: environment, settings: settings)
        // A change is counted where it is queued only when no sync follows to count what is left.
        let backend = LocalBackend(database: database, countsQueued: skipped != nil, oneCommand: true,
                                   ids: dependencies.ids)
        let access = CloudAccess.make(files: files, settings: settings, environment: environment, dependencies: dependencies,
                                      output: output)
        return CommandContext(backend: backend, database: database, dependencies: dependencies,
                              output: output, tripReference: options.trip, environment: environment, files: files,
                              settings: settings, autoSyncSkipped: skipped,
                              sync: SyncSession(store: backend, access: access))
    }

    var clock: Clock { dependencies.clock }

    /// The account's preferences from the local copy: read without a request, ever. A copy
    /// that cannot be read counts as no preferences (defaults are a convenience, not data).
    var preferences: Preferences { (try? files.preferences.load().preferences) ?? Preferences() }
    var now: Timestamp { clock.now() }

    /// A new id from the run's ``IDGenerator``.
    func newID() -> String { dependencies.ids() }

    /// The trip named by `--trip`, else the current one, with its members, you and its link:
    /// one read, the first time any part of the command asks. It is what the trip was when the
    /// command started; a command reads again what its own writes changed.
    func scope() async throws -> TripScope {
        try await scopeCache.get {
            if let scope = try await backend.scope(reference: tripReference, meName: settings.meName, today: clock.today()) {
                if scope.recurringDue { try await catchUpRecurring(scope.trip.id) }
                return scope
            }
            let trips = try await backend.trips()
            if trips.isEmpty {
                throw CLIError("no trip yet; create one with: split trip create NAME --currency CUR", kind: .data)
            }
            throw CLIError("no current trip; pick one with: split trip use NAME (trips: "
                           + trips.map(\.trip.name).joined(separator: ", ") + ")", kind: .data)
        }
    }

    /// Adds the trip's recurring expenses that fell due (one index probe when none did), and
    /// says so on stderr: any command that opens the trip brings it up to date first.
    private func catchUpRecurring(_ trip: TripID) async throws {
        let caughtUp = try await backend.catchUpRecurring(trip: trip, today: clock.today(), at: now)
        guard catchUp.keep(caughtUp) else { return }
        if let words = CatchUpWords.note(caughtUp.added) { output.note(words) }
        for problem in caughtUp.problems { output.note(problem) }
    }

    /// The trip named by `--trip`, else the current one.
    func trip() async throws -> Trip { try await scope().trip }

    /// The trip and a directory of its members for resolving names.
    func tripAndMembers() async throws -> (Trip, MemberDirectory) {
        let scope = try await scope()
        return (scope.trip, scope.directory)
    }

    /// Who you are in the command's trip.
    func me() async throws -> Me? { try await scope().me }

    /// Who you are in `trip`, read now (after a change of it), by the same rule as ``me()``:
    /// this device's `me.name` included.
    func me(in trip: TripID) async throws -> Me? { try await backend.me(trip: trip, named: settings.meName) }

    /// `SPLIT_TRACE_SQL=1` prints every statement SQLite runs to stderr, `sql: ` first: how
    /// the statements and transactions of one command are counted.
    static func sqlTrace(_ io: CommandIO) -> (@Sendable (String) -> Void)? {
        guard let value = io.environment["SPLIT_TRACE_SQL"], !value.isEmpty, value != "0" else { return nil }
        return { statement in io.error("sql: " + statement + "\n") }
    }
}
